import { describe, expect, it } from 'vitest';
import { MUSIC_GENRES, POPULAR_GAMES, POPULAR_SHOWS, suggestionsFor } from '../../src/domain/catalog';

// docs/product.md §3: the 20 suggested music genres, in order.
const GENRES = ['Pop', 'Rock', 'Hip Hop', 'R&B', 'Electronic', 'Dance', 'Indie', 'Alternative', 'Jazz', 'Classical', 'Country', 'Metal', 'Punk', 'Folk', 'Blues', 'Soul', 'Funk', 'Reggae', 'Latin', 'K-Pop'];

describe('suggested chip catalog', () => {
  it('holds the 20 genres, 17 games and 17 shows of the reference, each once', () => {
    expect(MUSIC_GENRES).toEqual(GENRES);
    expect(POPULAR_GAMES).toHaveLength(17);
    expect(POPULAR_SHOWS).toHaveLength(17);
    for (const list of [MUSIC_GENRES, POPULAR_GAMES, POPULAR_SHOWS]) expect(new Set(list).size).toBe(list.length);
    expect(POPULAR_GAMES).toContain('Elden Ring');
    expect(POPULAR_SHOWS).toContain('Avatar: The Last Airbender');
  });

  it('suggests at most 9, in catalog order, when nothing is chosen', () => {
    expect(suggestionsFor(GENRES, [])).toEqual(['Pop', 'Rock', 'Hip Hop', 'R&B', 'Electronic', 'Dance', 'Indie', 'Alternative', 'Jazz']);
  });

  it('hides chosen items in any letter case and fills up from the rest', () => {
    const shown = suggestionsFor(GENRES, ['rock', ' POP ', 'Jazz']);
    expect(shown).not.toContain('Rock');
    expect(shown).not.toContain('Pop');
    expect(shown).not.toContain('Jazz');
    expect(shown).toHaveLength(9);
    expect(shown).toEqual(['Hip Hop', 'R&B', 'Electronic', 'Dance', 'Indie', 'Alternative', 'Classical', 'Country', 'Metal']);
  });

  it('shows fewer than 9 when fewer remain, and none when all are chosen', () => {
    const chosen = POPULAR_GAMES.slice(0, 12);
    const shown = suggestionsFor(POPULAR_GAMES, chosen);
    expect(shown).toHaveLength(17 - 12);
    for (const game of chosen) expect(shown).not.toContain(game);
    expect(suggestionsFor(POPULAR_SHOWS, [...POPULAR_SHOWS])).toEqual([]);
  });
});
