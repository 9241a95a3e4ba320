import { describe, expect, it } from 'vitest';
import { pickReaction, revealIntro } from '../../src/domain/soloReactions';

// The Hot Takes solo chat's own lines (docs/product.md): the line that introduces the revealed
// take, and a canned reaction picked at random for every later message. The wording is ours.

describe('revealIntro', () => {
  it('names whose take follows', () => {
    expect(revealIntro('Maya')).toBe("The verdict is back! Here's what Maya had to say about your take:");
  });
});

describe('pickReaction', () => {
  it('picks among the eight reactions by the random number, first to last', () => {
    expect(pickReaction(0)).toBe("Ooh, that's a bold one. The crowd is split right down the middle! 🔥");
    expect(pickReaction(0.125)).toBe('Hot take detected. Somebody open a window. 🥵');
    expect(pickReaction(0.5)).toBe("Bold. Wrong, maybe, but bold. Defend it! 👀");
    expect(pickReaction(0.99)).toBe('Say that again, louder, for the people in the back! 📣');
  });

  it('gives eight different reactions over the range', () => {
    const picked = new Set(Array.from({ length: 8 }, (_, i) => pickReaction(i / 8)));
    expect(picked.size).toBe(8);
  });

  it('stays inside the list for a source that returns 1', () => {
    expect(pickReaction(1)).toBe('Say that again, louder, for the people in the back! 📣');
  });
});
