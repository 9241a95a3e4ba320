import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { discoverMachine, type DiscoverContext } from '../../src/features/discover/machines/discover.machine';
import { matchLevel } from '../../src/domain/discover';
import { sameCards, selectAdding, selectCards, selectPhase } from '../../src/features/discover/machines/discover.view';
import { emptyProfile } from '../../src/domain/profile';
import type { DiscoverCard } from '../../src/domain/discover';

// What the Discover screen shows in each state (docs/product.md), read from snapshots placed
// in that state: the phase, the cards (search, community, closest first, 50% for anyone unscored) and
// the badge colour.

const initial = createActor(discoverMachine, { input: undefined }).getSnapshot().context;
const context: DiscoverContext = {
  ...initial,
  profile: { ...emptyProfile(), username: 'me', hobbies: 'climbing', musicGenres: ['Metal'] },
  users: [
    { id: 'user-1', username: 'RiffLord', email: 'r@example.com', interests: ['Metal'], personality: 'Loud.', communities: ['Seattle'] },
    { id: 'user-2', username: 'PixelPoet', email: 'p@example.com', interests: ['Indie'], personality: 'Calm.', communities: ['UW'] },
    { id: 'user-3', username: 'Bassline', email: 'b@example.com', interests: ['Jazz'], personality: 'Smooth.', communities: ['Seattle'] },
  ],
  scores: { RiffLord: 40, PixelPoet: 90 },
};
const at = (value: string | Record<string, string>, overrides: Partial<DiscoverContext> = {}) =>
  discoverMachine.resolveState({ value, context: { ...context, ...overrides } });
const ids = (cards: DiscoverCard[]) => cards.map((card) => [card.username, card.similarityScore]);

describe('Discover screen view', () => {
  it.each([
    ['loading', 'loading'],
    ['scoring', 'loading'],
    ['incomplete', 'incomplete'],
    [{ ready: 'idle' }, 'ready'],
    [{ ready: 'adding' }, 'ready'],
    ['failed', 'failed'],
  ] as const)('%j shows the %s phase', (value, phase) => {
    expect(selectPhase(at(value))).toBe(phase);
  });

  it('shows the cards closest first once scored, an unscored user at 50, and none before', () => {
    expect(ids(selectCards(at({ ready: 'idle' })))).toEqual([['PixelPoet', 90], ['Bassline', 50], ['RiffLord', 40]]);
    expect(selectCards(at('scoring'))).toEqual([]);
    expect(selectCards(at('loading'))).toEqual([]);
    expect(selectCards(at({ ready: 'idle' }, { profile: null }))).toEqual([]);
  });

  it('filters the cards by the search and the community', () => {
    expect(ids(selectCards(at({ ready: 'idle' }, { query: 'riff' })))).toEqual([['RiffLord', 40]]);
    expect(ids(selectCards(at({ ready: 'idle' }, { community: 'Seattle' })))).toEqual([['Bassline', 50], ['RiffLord', 40]]);
  });

  it('knows when an Add Friend is in flight', () => {
    expect(selectAdding(at({ ready: 'adding' }))).toBe(true);
    expect(selectAdding(at({ ready: 'idle' }))).toBe(false);
  });

  it('colours the badge: 75 and up strong, 50 to 74 fair, below 50 weak', () => {
    expect([100, 75, 74, 50, 49, 0].map(matchLevel)).toEqual(['match-high', 'match-high', 'match-mid', 'match-mid', 'match-low', 'match-low']);
  });

  it('treats two card lists as the same only with the same people, order, scores and shared items', () => {
    const cards = selectCards(at({ ready: 'idle' }));
    const copy = cards.map((card) => ({ ...card }));
    expect(sameCards(cards, copy)).toBe(true);
    expect(sameCards(cards, copy.slice(1))).toBe(false);
    expect(sameCards(cards.slice(0, 2), copy)).toBe(false);
    expect(sameCards(cards, copy.map((card, i) => (i === 0 ? { ...card, id: 'user-9' } : card)))).toBe(false);
    expect(sameCards(cards, [...copy].reverse())).toBe(false);
    expect(sameCards(cards, copy.map((card, i) => (i === 1 ? { ...card, similarityScore: 51 } : card)))).toBe(false);
    expect(sameCards(cards, copy.map((card, i) => (i === 2 ? { ...card, shared: [...card.shared, 'Jazz'] } : card)))).toBe(false);
    expect(sameCards([], [])).toBe(true);
  });
});
