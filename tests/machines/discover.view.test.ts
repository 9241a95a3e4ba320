import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { discoverMachine } from '../../src/features/discover/machines/discover.machine';
import { matchLevel } from '../../src/domain/discover';
import { selectBusy, selectCardsBusy, selectLoadingMore, selectPhase, selectStale } from '../../src/features/discover/machines/discover.view';

// What the Discover screen shows in each state (docs/product.md), read from snapshots placed in that state:
// 'Loading users...' or the cards, whether the card buttons wait, whether the cards are being ranked again,
// and the badge colour.

const context = createActor(discoverMachine).getSnapshot().context;
const at = (value: string | Record<string, string>) => discoverMachine.resolveState({ value, context });

describe('Discover screen view', () => {
  it.each([
    ['loading', 'loading'],
    ['waiting', 'loading'],
    ['incomplete', 'incomplete'],
    [{ ready: 'idle' }, 'ready'],
    [{ ready: 'waiting' }, 'ready'],
    [{ ready: 'searching' }, 'ready'],
    [{ ready: 'refreshing' }, 'ready'],
    [{ ready: 'sending' }, 'ready'],
    [{ ready: 'loadingMore' }, 'ready'],
    ['failed', 'failed'],
  ] as const)('%j shows the %s phase', (value, phase) => {
    expect(selectPhase(at(value))).toBe(phase);
  });

  it("lets 'Show more' act only while nothing is on its way", () => {
    expect(selectBusy(at({ ready: 'idle' }))).toBe(false);
    for (const busy of ['waiting', 'searching', 'refreshing', 'sending', 'loadingMore']) expect(selectBusy(at({ ready: busy }))).toBe(true);
  });

  it("lets the cards' Add Friend act while settled or ranked again in the background, not while an add, a search or the next page is on its way", () => {
    for (const open of ['idle', 'refreshing']) expect(selectCardsBusy(at({ ready: open }))).toBe(false);
    for (const busy of ['waiting', 'searching', 'sending', 'loadingMore']) expect(selectCardsBusy(at({ ready: busy }))).toBe(true);
  });

  it('marks the cards in view as being ranked again while a search or a refresh is on its way', () => {
    for (const stale of ['waiting', 'searching', 'refreshing']) expect(selectStale(at({ ready: stale }))).toBe(true);
    for (const settled of ['idle', 'sending', 'loadingMore']) expect(selectStale(at({ ready: settled }))).toBe(false);
  });

  it("reads 'Loading...' on Show more only while the next page is on its way", () => {
    expect(selectLoadingMore(at({ ready: 'loadingMore' }))).toBe(true);
    expect(selectLoadingMore(at({ ready: 'idle' }))).toBe(false);
  });

  it('colours the badge: 75 and up strong, 50 to 74 fair, below 50 weak', () => {
    expect([100, 75, 74, 50, 49, 0].map(matchLevel)).toEqual(['match-high', 'match-high', 'match-mid', 'match-mid', 'match-low', 'match-low']);
  });
});
