import { describe, expect, it } from 'vitest';
import { MAX_SUGGESTIONS, MUSIC_GENRES, POPULAR_GAMES, POPULAR_SHOWS, suggestionsFor } from '../../src/domain/catalog';

describe('suggested chip catalog', () => {
  it('holds the 20 genres, 17 games and 17 shows of the reference, each once', () => {
    expect(MUSIC_GENRES).toHaveLength(20);
    expect(POPULAR_GAMES).toHaveLength(17);
    expect(POPULAR_SHOWS).toHaveLength(17);
    for (const list of [MUSIC_GENRES, POPULAR_GAMES, POPULAR_SHOWS]) expect(new Set(list).size).toBe(list.length);
    expect(MUSIC_GENRES.slice(0, 4)).toEqual(['Pop', 'Rock', 'Hip Hop', 'R&B']);
    expect(MUSIC_GENRES.at(-1)).toBe('K-Pop');
    expect(POPULAR_GAMES).toContain('Elden Ring');
    expect(POPULAR_SHOWS).toContain('Avatar: The Last Airbender');
  });

  it('suggests at most 9, in catalog order, when nothing is chosen', () => {
    expect(MAX_SUGGESTIONS).toBe(9);
    expect(suggestionsFor(MUSIC_GENRES, [])).toEqual(MUSIC_GENRES.slice(0, 9));
  });

  it('hides chosen items in any letter case and fills up from the rest', () => {
    const shown = suggestionsFor(MUSIC_GENRES, ['rock', ' POP ', 'Jazz']);
    expect(shown).not.toContain('Rock');
    expect(shown).not.toContain('Pop');
    expect(shown).not.toContain('Jazz');
    expect(shown).toHaveLength(9);
    expect(shown).toEqual(['Hip Hop', 'R&B', 'Electronic', 'Dance', 'Indie', 'Alternative', 'Classical', 'Country', 'Metal']);
  });

  it('shows fewer than 9 when fewer remain, and none when all are chosen', () => {
    expect(suggestionsFor(POPULAR_GAMES, POPULAR_GAMES.slice(0, 12))).toEqual(POPULAR_GAMES.slice(12));
    expect(suggestionsFor(POPULAR_SHOWS, [...POPULAR_SHOWS])).toEqual([]);
  });
});
