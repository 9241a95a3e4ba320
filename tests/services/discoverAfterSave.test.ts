// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createViewerSource } from '../../src/shared/session/viewer';

const viewer = createViewerSource();
import { loadDiscoverPageFor } from '../../src/features/discover/services/socialForSession';
import { json, mockFetch } from './fetchMock';

// Discover ranks the profile as last edited: a member who leaves onboarding right after the last chip
// is ranked once that edit has reached the server, not by the profile before it (which found nobody).

const complete = { username: 'cara', hobbies: 'climbing', musicGenres: ['Jazz'], favoriteGames: [], favoriteShows: [] };
const SYNC_KEY = 'member_profile_sync';
const page = { cards: [], nextCursor: null };
const query = { community: 'All Communities' as const, query: '', cursor: null };

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('user_profile', JSON.stringify(complete));
  viewer.announce({ kind: 'member', memberId: 'm-cara' });
});
afterEach(() => {
  viewer.withdraw();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("a member's Discover", () => {
  it('asks the server for a ranking only once the last edit reached it', async () => {
    localStorage.setItem(SYNC_KEY, JSON.stringify({ memberId: 'm-cara', updatedAt: 7, pending: true }));
    const { calls } = mockFetch({ 'GET /api/discover': json(page) });
    const loaded = loadDiscoverPageFor(viewer, query);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toEqual([]);

    // The profile sync's push succeeded: the device copy is no longer pending.
    localStorage.setItem(SYNC_KEY, JSON.stringify({ memberId: 'm-cara', updatedAt: 7, pending: false }));
    window.dispatchEvent(new StorageEvent('storage', { key: SYNC_KEY }));
    await expect(loaded).resolves.toMatchObject({ complete: true, cards: [] });
    expect(calls.map((call) => call.path)).toEqual(['/api/discover']);
  });

  it('asks at once when nothing is waiting, and after 4 s when the save does not land', async () => {
    const { calls } = mockFetch({ 'GET /api/discover': json(page) });
    await loadDiscoverPageFor(viewer, query);
    expect(calls).toHaveLength(1);

    vi.useFakeTimers();
    localStorage.setItem(SYNC_KEY, JSON.stringify({ memberId: 'm-cara', updatedAt: 8, pending: true }));
    const loaded = loadDiscoverPageFor(viewer, query);
    await vi.advanceTimersByTimeAsync(3_999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await loaded;
    expect(calls).toHaveLength(2);
  });
});
