import { describe, expect, it } from 'vitest';
import { isBotGameId, pickBotReply } from '../../src/domain/botReplies';
import { isGameId, quickEmojisFor } from '../../src/domain/games';

// docs/product.md (routes, emoji rows, bot games: 6 canned replies per game).
describe('game ids', () => {
  it('are the ten route names', () => {
    for (const id of ['hottakes', 'emojistory', 'guiltypleasure', 'killmyvibe', 'twotruthsvibe', 'fightclub', 'patchnotes', 'firstbestforever', 'hottakesfm', 'inventorydrop']) {
      expect(isGameId(id)).toBe(true);
    }
    expect(isGameId('ratetogether')).toBe(false);
    expect(isGameId(undefined)).toBe(false);
  });

  it('every game but Hot Takes is answered by the bot', () => {
    expect(isBotGameId('emojistory')).toBe(true);
    expect(isBotGameId('inventorydrop')).toBe(true);
    expect(isBotGameId('hottakes')).toBe(false);
    expect(isBotGameId('nope')).toBe(false);
    expect(isBotGameId(undefined)).toBe(false);
  });
});

describe('quick-send emoji rows', () => {
  it('10 in Hot Takes and a friend chat, 15 in Emoji Story and every other game', () => {
    expect(quickEmojisFor('hottakes')).toHaveLength(10);
    expect(quickEmojisFor('friend')).toHaveLength(10);
    expect(quickEmojisFor('emojistory')).toHaveLength(15);
    expect(quickEmojisFor('fightclub')).toHaveLength(15);
    expect(quickEmojisFor('emojistory')).not.toEqual(quickEmojisFor('fightclub'));
  });
});

describe('pickBotReply', () => {
  it('spreads [0, 1) over the six replies of the game, first to last', () => {
    const replies = [0, 1 / 6, 2 / 6, 3 / 6, 4 / 6, 5 / 6].map((r) => pickBotReply('emojistory', r));
    expect(new Set(replies).size).toBe(6);
    expect(replies[0]).toBe('🐉🔥🏰 ...and then the dragon knocked on the castle door. Your move!');
    expect(replies[5]).toBe('🍕🦄🎉 And everyone celebrated with unicorn pizza. The end? 🤔');
    expect(pickBotReply('emojistory', 0.99)).toBe(replies[5]);
  });

  it('stays in range for a source returning 1 or less than 0', () => {
    expect(pickBotReply('emojistory', 1)).toBe('🍕🦄🎉 And everyone celebrated with unicorn pizza. The end? 🤔');
    expect(pickBotReply('emojistory', -0.5)).toBe('🐉🔥🏰 ...and then the dragon knocked on the castle door. Your move!');
  });
});
