import { describe, expect, it } from 'vitest';
import { connectedWeights } from '../../src/domain/tasteWeights';

// docs/product.md "Match score": a game the connected Steam account played weighs 1 + hours / 100, at most
// 2; the first five Spotify genres weigh 2, 1.8, 1.6, 1.4, 1.2. Items that weigh only 1 are left out.

describe('connectedWeights', () => {
  it('is empty without connected data', () => {
    expect(connectedWeights(undefined)).toEqual([]);
    expect(connectedWeights({})).toEqual([]);
  });

  it('weighs a game by hours played, doubled at 100 hours and more', () => {
    const games = [
      { name: 'Hades', hours: 50 },
      { name: 'Celeste', hours: 100 },
      { name: 'Portal', hours: 450 },
      { name: 'Tetris', hours: 0 },
      { name: 'Odd', hours: -10 },
      { name: 'Brief', hours: 1 },
    ];
    expect(connectedWeights({ steamGames: games })).toEqual([
      ['Hades', 1.5],
      ['Celeste', 2],
      ['Portal', 2],
      ['Brief', 1.01],
    ]);
  });

  it('weighs the first five genres 2, 1.8, 1.6, 1.4, 1.2 and no later one', () => {
    const genres = ['jazz', 'rock', 'pop', 'folk', 'soul', 'punk', 'metal'];
    expect(connectedWeights({ spotifyGenres: genres })).toEqual([
      ['jazz', 2],
      ['rock', 1.8],
      ['pop', 1.6],
      ['folk', 1.4],
      ['soul', 1.2],
    ]);
  });

  it('lists games before genres', () => {
    expect(connectedWeights({ spotifyGenres: ['jazz'], steamGames: [{ name: 'Hades', hours: 20 }] })).toEqual([
      ['Hades', 1.2],
      ['jazz', 2],
    ]);
  });
});
