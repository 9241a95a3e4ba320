// The ten chat games of docs/product.md: route ids, titles and intro texts.
export const GAME_IDS = [
  'hottakes',
  'emojistory',
  'guiltypleasure',
  'killmyvibe',
  'twotruthsvibe',
  'fightclub',
  'patchnotes',
  'firstbestforever',
  'hottakesfm',
  'inventorydrop',
] as const;
export type GameId = (typeof GAME_IDS)[number];

export type GameGroup = 'general' | 'music' | 'gamestore';

export interface GameInfo {
  id: GameId;
  name: string; // name on the Games hub
  group: GameGroup;
  introTitle: string;
  introSubtitle: string;
  loadingText: string;
  emoji: string; // decorative mark on the Games hub
  /** The chat header's line under the title (docs/product.md, game blurbs). */
  tagline: string;
  /** The chat input's placeholder (docs/product.md; Hot Takes and Emoji Story are ours). */
  placeholder: string;
  /** The welcome message every chat starts with (sender 'other', id '1'). */
  welcome: string;
}

export const GAMES: Record<GameId, GameInfo> = {
  hottakes: { id: 'hottakes', name: 'Hot Takes', group: 'general', introTitle: 'HOT TAKES', introSubtitle: 'DEBATE ZONE', loadingText: 'Loading debate arena...', emoji: '🔥', tagline: 'Drop a spicy opinion and defend it', placeholder: 'Type your hot take...', welcome: 'Welcome to Hot Takes! Get ready to defend your spiciest opinion. 🔥' },
  emojistory: { id: 'emojistory', name: 'Emoji Story', group: 'general', introTitle: 'EMOJI STORY', introSubtitle: 'STORY TIME', loadingText: 'Loading story mode...', emoji: '📖', tagline: 'Tell a story together, one emoji at a time', placeholder: 'Continue the story with emojis...', welcome: 'Welcome to Emoji Story! Start a tale and I\'ll keep it going. 📖✨' },
  guiltypleasure: { id: 'guiltypleasure', name: 'Guilty Pleasure Guess', group: 'music', introTitle: 'GUILTY PLEASURE', introSubtitle: 'SECRET TUNES', loadingText: 'Loading guilty pleasures...', emoji: '🎧', tagline: 'Share a secret song and guess theirs', placeholder: 'Share your guilty pleasure...', welcome: 'Welcome to Guilty Pleasure Guess! What\'s the song you\'d never admit to loving? 🎧' },
  killmyvibe: { id: 'killmyvibe', name: 'Kill My Vibe', group: 'music', introTitle: 'KILL MY VIBE', introSubtitle: 'ROAST ZONE', loadingText: 'Loading roast arena...', emoji: '💀', tagline: 'Share your music taste and get roasted', placeholder: 'Share your music taste...', welcome: 'Welcome to Kill My Vibe! Tell me what you listen to and brace yourself. 💀' },
  hottakesfm: { id: 'hottakesfm', name: 'Hot Takes FM', group: 'music', introTitle: 'HOT TAKES FM', introSubtitle: 'ON AIR', loadingText: 'Tuning into the station...', emoji: '📻', tagline: 'React to controversial music opinions with ❤️ or 💀', placeholder: 'Share your hot take...', welcome: 'You\'re live on Hot Takes FM! Heart it or skull it: what\'s your music hot take? 📻' },
  twotruthsvibe: { id: 'twotruthsvibe', name: 'Two Truths and a Vibe', group: 'music', introTitle: 'TWO TRUTHS & A VIBE', introSubtitle: 'MUSIC MYSTERY', loadingText: 'Loading music mystery...', emoji: '🎵', tagline: 'Guess which music fact is fake', placeholder: 'Guess which fact is fake...', welcome: 'Welcome to Two Truths and a Vibe! Two of my music facts are true, one is a lie. 🎵' },
  firstbestforever: { id: 'firstbestforever', name: 'First Best Forever', group: 'gamestore', introTitle: 'FIRST, BEST, FOREVER', introSubtitle: 'MEMORY LANE', loadingText: 'Loading eternal memories...', emoji: '🏆', tagline: 'Your first, best and forever games', placeholder: 'Share your gaming memories...', welcome: 'Welcome to First, Best, Forever! Which game was your first, your best and your forever? 🏆' },
  patchnotes: { id: 'patchnotes', name: 'Patch Notes', group: 'gamestore', introTitle: 'PATCH NOTES', introSubtitle: 'UPDATE INCOMING', loadingText: 'Loading update notes...', emoji: '📝', tagline: 'Write funny update notes for your games', placeholder: 'Write your patch notes...', welcome: 'Welcome to Patch Notes! Pick a game and write the update nobody asked for. 📝' },
  fightclub: { id: 'fightclub', name: 'Fight Club', group: 'gamestore', introTitle: 'FIGHT CLUB', introSubtitle: 'BATTLE ROYALE', loadingText: 'Loading battle arena...', emoji: '🥊', tagline: 'Which character would win in a fight?', placeholder: 'Who would win in a fight?...', welcome: 'Welcome to Fight Club! Name two characters and we\'ll settle who wins. 🥊' },
  inventorydrop: { id: 'inventorydrop', name: 'Inventory Drop', group: 'gamestore', introTitle: 'INVENTORY DROP', introSubtitle: 'LOOT TIME', loadingText: 'Opening inventory...', emoji: '🎁', tagline: 'Drop imaginary items for your friends', placeholder: 'Drop some loot...', welcome: 'Welcome to Inventory Drop! Open your bag and drop something legendary. 🎁' },
};

/** Quick-send emoji rows (docs/product.md): 10 in Hot Takes and friend chat, 15 in every other game. */
export const SHORT_EMOJI_ROW = ['😂', '🔥', '💀', '😮', '👏', '🤔', '😍', '🙄', '💯', '👀'] as const;
export const LONG_EMOJI_ROW = ['😂', '🔥', '💀', '😮', '👏', '🤔', '😍', '🙄', '💯', '👀', '🎉', '😭', '🥳', '🤯', '❤️'] as const;
const EMOJI_STORY_ROW = ['🐉', '🏰', '👑', '🧙', '⚔️', '🌋', '🚀', '👽', '🌊', '🦄', '🍕', '💎', '🌙', '👻', '🎭'] as const;

export function quickEmojisFor(game: GameId | 'friend'): readonly string[] {
  if (game === 'hottakes' || game === 'friend') return SHORT_EMOJI_ROW;
  if (game === 'emojistory') return EMOJI_STORY_ROW;
  return LONG_EMOJI_ROW;
}

export function isGameId(value: string | undefined): value is GameId {
  return value !== undefined && (GAME_IDS as readonly string[]).includes(value);
}
