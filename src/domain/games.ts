// The ten chat games of SPEC.md section 2: route ids, titles and intro texts.
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
}

export const GAMES: Record<GameId, GameInfo> = {
  hottakes: { id: 'hottakes', name: 'Hot Takes', group: 'general', introTitle: 'HOT TAKES', introSubtitle: 'DEBATE ZONE', loadingText: 'Loading debate arena...', emoji: '🔥' },
  emojistory: { id: 'emojistory', name: 'Emoji Story', group: 'general', introTitle: 'EMOJI STORY', introSubtitle: 'STORY TIME', loadingText: 'Loading story mode...', emoji: '📖' },
  guiltypleasure: { id: 'guiltypleasure', name: 'Guilty Pleasure Guess', group: 'music', introTitle: 'GUILTY PLEASURE', introSubtitle: 'SECRET TUNES', loadingText: 'Loading guilty pleasures...', emoji: '🎧' },
  killmyvibe: { id: 'killmyvibe', name: 'Kill My Vibe', group: 'music', introTitle: 'KILL MY VIBE', introSubtitle: 'ROAST ZONE', loadingText: 'Loading roast arena...', emoji: '💀' },
  hottakesfm: { id: 'hottakesfm', name: 'Hot Takes FM', group: 'music', introTitle: 'HOT TAKES FM', introSubtitle: 'ON AIR', loadingText: 'Tuning into the station...', emoji: '📻' },
  twotruthsvibe: { id: 'twotruthsvibe', name: 'Two Truths and a Vibe', group: 'music', introTitle: 'TWO TRUTHS & A VIBE', introSubtitle: 'MUSIC MYSTERY', loadingText: 'Loading music mystery...', emoji: '🎵' },
  firstbestforever: { id: 'firstbestforever', name: 'First Best Forever', group: 'gamestore', introTitle: 'FIRST, BEST, FOREVER', introSubtitle: 'MEMORY LANE', loadingText: 'Loading eternal memories...', emoji: '🏆' },
  patchnotes: { id: 'patchnotes', name: 'Patch Notes', group: 'gamestore', introTitle: 'PATCH NOTES', introSubtitle: 'UPDATE INCOMING', loadingText: 'Loading update notes...', emoji: '📝' },
  fightclub: { id: 'fightclub', name: 'Fight Club', group: 'gamestore', introTitle: 'FIGHT CLUB', introSubtitle: 'BATTLE ROYALE', loadingText: 'Loading battle arena...', emoji: '🥊' },
  inventorydrop: { id: 'inventorydrop', name: 'Inventory Drop', group: 'gamestore', introTitle: 'INVENTORY DROP', introSubtitle: 'LOOT TIME', loadingText: 'Opening inventory...', emoji: '🎁' },
};
