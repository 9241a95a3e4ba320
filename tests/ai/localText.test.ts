import { describe, expect, it } from 'vitest';
import { expectAnswers } from '../support/answers';
import {
  capitalize,
  contentWords,
  distinctItems,
  hashText,
  inline,
  itemKey,
  joinList,
  seededPicker,
  sentences,
  stem,
  wordStems,
} from '../../server/ai/local/text';

// The local engine's text helpers: matching keys, stems and content words (what similarity and the
// persona replies compare), the seeded picker (the same input always reads the same), and how user
// text is placed inside a generated sentence.

describe('matching keys', () => {
  it('ignore case, spaces, punctuation and width', () => {
    expectAnswers(itemKey, [
      ['Hip-Hop', 'hiphop'],
      [' hip hop ', 'hiphop'],
      ['HipHop', 'hiphop'],
      ["Baldur's Gate 3", 'baldursgate3'],
      ['ＲＯＣＫ', 'rock'],
      ['Café', 'café'],
      ['...', ''],
      // The same answer again (from the cache).
      ['Hip-Hop', 'hiphop'],
    ]);
  });
});

describe('stems and content words', () => {
  it('cuts one known suffix when at least 3 letters stay', () => {
    expectAnswers(stem, [
      ['hiking', 'hik'],
      ['hikers', 'hik'],
      ['hiker', 'hik'],
      ['hikes', 'hik'],
      ['games', 'gam'],
      ['gaming', 'gam'],
      ['played', 'play'],
      ['cats', 'cat'],
      ['sing', 'sing'],
      ['ring', 'ring'],
      ['bus', 'bus'],
      ['jazz', 'jazz'],
    ]);
  });

  it('keeps lower-case words of 3 or more letters that are not stopwords, apostrophes dropped', () => {
    expect(contentWords("The Witcher's lore is REALLY good, and I've got 42 hours in it")).toEqual(['witchers', 'lore', 'ive', 'hours']);
    expect(contentWords('an ox')).toEqual([]);
    expect(contentWords('Ｊａｚｚ night')).toEqual(['jazz', 'night']);
  });

  it('gives each stem once, in first-seen order', () => {
    expect(wordStems('Hiking, hikes and climbing walls')).toEqual(['hik', 'climb', 'wall']);
    expect(wordStems('Hiking, hikes and climbing walls')).toEqual(['hik', 'climb', 'wall']);
  });
});

describe('the seeded picker', () => {
  it('hashes text with 32-bit FNV-1a', () => {
    expectAnswers(hashText, [
      ['', 2166136261],
      ['a', 3826002220],
      ['mycelius', 2848455748],
    ]);
  });

  it('draws a fixed xorshift sequence from the seed', () => {
    const p = seededPicker('mycelius');
    const digits = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(() => p.pick(digits))).toEqual([6, 1, 2, 7, 8, 4, 2, 0]);
    const q = seededPicker('');
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(() => q.pick(digits))).toEqual([2, 3, 6, 9, 0, 5, 8, 1]);
  });

  it('says yes to a chance below the next draw only', () => {
    // The first draws of 'mycelius' are 0.6236, 0.1894, 0.2134.
    const p = seededPicker('mycelius');
    expect(p.chance(0.6236)).toBe(false);
    expect(p.chance(0.1893)).toBe(false);
    expect(p.chance(0.2134)).toBe(true);
  });

  it('refuses to pick from an empty list', () => {
    expect(() => seededPicker('x').pick([])).toThrow('pick from an empty list');
  });
});

describe('user text inside a sentence', () => {
  it('flattens lines and sentence marks so a paste cannot add sentences', () => {
    expectAnswers(inline, [
      ['I like cats. And dogs!', 'I like cats, And dogs'],
      ['one\r\ntwo\tthree', 'one two three'],
      ['Wait... what?!', 'Wait, what'],
      ['  spaced   out  ', 'spaced out'],
      ['Really…', 'Really'],
    ]);
  });

  it('clips at a word boundary past the first half, else mid-word, without trailing commas', () => {
    expectAnswers((args: Parameters<typeof inline>) => inline(...args), [
      [['alpha beta gamma delta', 12], 'alpha beta'],
      [['alpha, beta gamma', 8], 'alpha'],
      [['abcdefghij klm', 8], 'abcdefgh'],
      // A space exactly at half the limit is too early to cut at.
      [['abcd efghij', 8], 'abcd efg'],
      [['exactly ten', 11], 'exactly ten'],
    ]);
    expect(inline('a'.repeat(70))).toHaveLength(60);
  });

  it('joins lists the way a sentence reads', () => {
    expectAnswers(joinList, [
      [[], ''],
      [['a'], 'a'],
      [['a', 'b'], 'a and b'],
      [['a', 'b', 'c'], 'a, b and c'],
    ]);
  });

  it('keeps distinct non-empty items by matching key, first spelling kept', () => {
    expect(distinctItems(['Hip Hop', 'hip-hop', ' ', 'Jazz.', 'jazz', 'Rock'])).toEqual(['Hip Hop', 'Jazz', 'Rock']);
  });

  it('capitalizes the first letter only, and splits sentences after . ! ?', () => {
    expect(capitalize('they rock')).toBe('They rock');
    expect(capitalize('')).toBe('');
    expect(sentences('One. Two!  Three? four')).toEqual(['One.', 'Two!', 'Three?', 'four']);
    expect(sentences('e.g.this stays   ')).toEqual(['e.g.this stays']);
    expect(sentences('  ')).toEqual([]);
  });
});
