import { GAME_IDS, type GameId } from './games';
import { pickIndex } from './random';

/** The nine games answered by a canned bot (docs/product.md, "Bot-game chat"): every game but Hot Takes. */
export type BotGameId = Exclude<GameId, 'hottakes'>;

export const BOT_GAME_IDS: readonly BotGameId[] = GAME_IDS.filter((id): id is BotGameId => id !== 'hottakes');

export function isBotGameId(game: string | undefined): game is BotGameId {
  return game !== undefined && (BOT_GAME_IDS as readonly string[]).includes(game);
}

/** Six replies per game, each in that game's voice; one is picked at random per user message. */
export const BOT_REPLIES: Record<BotGameId, readonly [string, string, string, string, string, string]> = {
  emojistory: [
    '🐉🔥🏰 ...and then the dragon knocked on the castle door. Your move!',
    '👑➡️🌊🦈 The queen sailed off. What did she find out there?',
    '🧙✨🐸 Plot twist: the wizard turned the hero into a frog!',
    '🚀🌙👽👋 Meanwhile, on the moon, someone waved back...',
    '👻🕯️🚪 The lights went out. Who was behind the door?',
    '🍕🦄🎉 And everyone celebrated with unicorn pizza. The end? 🤔',
  ],
  guiltypleasure: [
    'Wait, you actually listen to that? Respect. I\'m guessing it\'s a 2000s pop anthem. 🎧',
    'No judgment here... okay, a little judgment. My guess: boy band era? 😏',
    'That\'s a bold confession! Is it something you\'d only play with headphones on?',
    'Honestly, everyone has one. Mine involves a certain Eurovision entry. 🙈',
    'I bet you know every single word of it. Am I right? 🎤',
    'Guilty pleasure unlocked! Now sing the chorus or it didn\'t happen. 😂',
  ],
  killmyvibe: [
    'Oh no. Oh no no no. Your playlist called, it wants a refund. 💀',
    'That taste is so mainstream it has its own billboard. Next! 🔥',
    'I\'ve heard elevator music with more edge than that. 😂',
    'Bold of you to admit that in public. Roast level: medium rare. 🥩',
    'Your music taste is like pineapple on pizza: some people love it, I\'m not one of them. 🍍',
    'Okay, okay, one of those is actually good. The rest? Vibe killed. 💀',
  ],
  twotruthsvibe: [
    'Hmm, that one sounds too good to be true. I\'m calling it: fake! 🕵️',
    'Interesting guess! Here\'s another: a famous band once played a gig on Antarctica. True or vibe? 🎵',
    'Nope, that one\'s actually true. Music history is weird like that! 😮',
    'Ding ding! You spotted the fake. Your music radar is sharp. 🎯',
    'Close, but the lie was hiding in plain sight. Want another round? 🔄',
    'Two truths, one vibe... and I can\'t tell if you\'re bluffing too. 👀',
  ],
  fightclub: [
    'Easy: the one with the plot armor wins. Every. Single. Time. 🥊',
    'That matchup is wild. I give it three rounds before someone rage-quits. 😤',
    'Speed beats strength in my book. Final answer! ⚡',
    'Counterpoint: whoever has the better theme music wins. 🎵',
    'This fight would break the internet. Who\'s your pick and why? 🤔',
    'Nah, that\'s a stomp. One punch and it\'s over. 💥',
  ],
  patchnotes: [
    'v2.0.1: Fixed a bug where players had too much fun. 📝',
    'Patch notes: nerfed your confidence by 15%. Buffed my sarcasm by 200%. 😂',
    'Known issue: the final boss is still your sleep schedule. 😴',
    'Hotfix: removed the door that kept getting stuck. Added three new doors that also get stuck. 🚪',
    'Balance change: the rubber duck now deals critical damage. 🦆',
    'Love it! Devs, please ship this update before the weekend. 🚀',
  ],
  firstbestforever: [
    'Ah, a classic! Do you still remember the first level music? 🎮',
    'That game has "best ever" energy. What made it click for you? 🏆',
    'Ooh, nostalgia hit. I can almost hear the console booting up. 📼',
    'Bold pick for a forever game! How many hours are we talking? ⏳',
    'First, best and forever... that\'s a whole gaming life story right there. ❤️',
    'I feel that. Some games just never leave your heart. 🕹️',
  ],
  hottakesfm: [
    '❤️ Ooh, the listeners are loving that one! The phone lines are on fire!',
    '💀 Yikes, that take just got skulled by half the audience.',
    'Hot take detected! Caller two, do you agree? 📻',
    'Spicy! That\'s going straight onto the controversial playlist. 🌶️',
    '❤️💀 The chat is split right down the middle on this one!',
    'And that\'s why you\'re our caller of the day. Stay tuned! 🎙️',
  ],
  inventorydrop: [
    'You received: ⚔️ Sword of Mild Inconvenience. Rarity: legendary.',
    'Whoa, a mystery box! Inside... 🎁 a slightly used health potion.',
    'Loot accepted! Dropping you a 🛡️ Shield of Good Vibes in return.',
    'Inventory full! Time to sell some of those 47 rusty spoons. 🥄',
    'Epic drop! That item would go for big gold at the trading post. 💰',
    'Rare item alert! ✨ Equip it now or save it for the boss fight?',
  ],
};

/** The reply for a random number in [0, 1): the clock and randomness stay outside this module. */
export function pickBotReply(game: BotGameId, random: number): string {
  const replies = BOT_REPLIES[game];
  return replies[pickIndex(random, replies.length)]!;
}
