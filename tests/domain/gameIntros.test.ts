import { describe, expect, it } from 'vitest';
import { introForGame, scatterDecorations } from '../../src/domain/gameIntros';

// Game intros, docs/product.md ("Game intro screens"): texts from the table there, chat route
// /games/{game}/chat, 20 emojis and 12 icons at random places.
describe('introForGame', () => {
  it('gives the contract texts and the chat route of a game', () => {
    expect(introForGame('hottakes')).toEqual({
      key: 'hottakes', title: 'HOT TAKES', subtitle: 'DEBATE ZONE', loadingText: 'Loading debate arena...',
      emoji: '🔥', accent: 'hot', chatRoute: '/games/hottakes/chat',
    });
    expect(introForGame('emojistory')).toMatchObject({ title: 'EMOJI STORY', subtitle: 'STORY TIME', loadingText: 'Loading story mode...', accent: 'story' });
    expect(introForGame('guiltypleasure')).toMatchObject({ title: 'GUILTY PLEASURE', subtitle: 'SECRET TUNES', loadingText: 'Loading guilty pleasures...', accent: 'music', chatRoute: '/games/guiltypleasure/chat' });
    expect(introForGame('inventorydrop')).toMatchObject({ loadingText: 'Opening inventory...', accent: 'gamestore' });
  });

  it('is undefined for a path that names no game', () => {
    expect(introForGame('tetris')).toBeUndefined();
    expect(introForGame(undefined)).toBeUndefined();
  });
});

describe('scatterDecorations', () => {
  const sequence = (values: number[]) => {
    let i = 0;
    return () => values[i++ % values.length]!;
  };

  it('places 20 emojis then 12 icons, each in its own cell of the two 6 x 3 bands', () => {
    const decorations = scatterDecorations(sequence([0.3, 0.9, 0.1, 0.6, 0.45]));
    expect(decorations.filter((d) => d.kind === 'emoji')).toHaveLength(20);
    expect(decorations.filter((d) => d.kind === 'icon')).toHaveLength(12);
    expect(decorations.slice(0, 20).every((d) => d.kind === 'emoji')).toBe(true);
    const cells = decorations.map((d) => `${d.band}:${Math.floor((d.x / 100) * 6)}:${Math.floor((d.y / 100) * 3)}`);
    expect(new Set(cells).size).toBe(32);
  });

  it('with a source that always gives 0, everything sits at the start of its cell with the base values', () => {
    const decorations = scatterDecorations(() => 0);
    for (const d of decorations) {
      expect(d.size).toBe(0.9); // 0.85 rounded to one decimal
      expect(d.delay).toBe(0);
      expect(d.duration).toBe(3000);
      expect([0, 16.7, 33.3, 50, 66.7, 83.3]).toContain(d.x);
      expect([0, 33.3, 66.7]).toContain(d.y);
    }
  });

  it('with a source just below 1, bubbles stay inside their band with the top values', () => {
    for (const d of scatterDecorations(() => 0.9999)) {
      expect(d.size).toBe(1.2);
      expect(d.delay).toBe(600);
      expect(d.duration).toBe(6000);
      expect(d.x).toBeLessThanOrEqual(93.3);
      expect(d.y).toBeLessThanOrEqual(83.3);
    }
  });

  it('uses both bands', () => {
    const bands = new Set(scatterDecorations(sequence([0.5, 0.2, 0.8])).map((d) => d.band));
    expect(bands).toEqual(new Set(['top', 'bottom']));
  });
});
