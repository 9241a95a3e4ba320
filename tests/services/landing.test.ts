// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { landingAfterLogIn } from '../../src/features/session/services/landing';
import { saveProfile } from '../../src/shared/storage/profile';
import { profileWith } from '../support/profiles';
import { fakeMember } from '../support/session';
import { json, mockFetch } from './fetchMock';

// Where a log-in arrives (docs/product.md "Log-in"): Home with a complete profile on the server, profile
// building otherwise; Home waits until the device copy of that profile has arrived, at most 3 s.

const complete = profileWith({ username: 'mira', hobbies: 'climbing', musicGenres: ['Jazz'] });
const me = (profile: unknown) => ({ 'GET /api/me': json({ user: fakeMember, profile }) });

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('landing after a log-in', () => {
  it('is profile building when the server holds no profile, or one without hobbies or interests', async () => {
    mockFetch(me(null));
    await expect(landingAfterLogIn(true)).resolves.toBe('connections');
    mockFetch(me({ ...complete, hobbies: ' ', updatedAt: 5 }));
    await expect(landingAfterLogIn(true)).resolves.toBe('connections');
    mockFetch(me({ ...complete, musicGenres: [], updatedAt: 5 }));
    await expect(landingAfterLogIn(true)).resolves.toBe('connections');
  });

  it('is Home for a complete server profile, once the device copy has arrived', async () => {
    mockFetch(me({ ...complete, updatedAt: 5 }));
    let landed: string | null = null;
    const landing = landingAfterLogIn(true).then((l) => (landed = l));
    await new Promise((r) => setTimeout(r, 20));
    // The device still holds nothing: Home would open on 'Complete Your Profile', so it waits.
    expect(landed).toBeNull();
    // The profile sync brings it.
    saveProfile(complete);
    await landing;
    expect(landed).toBe('home');
  });

  it('still lands on Home after 3 s when the device copy is slow', async () => {
    vi.useFakeTimers();
    mockFetch(me({ ...complete, updatedAt: 5 }));
    let landed: string | null = null;
    const landing = landingAfterLogIn(true).then((l) => (landed = l));
    await vi.advanceTimersByTimeAsync(2_999);
    expect(landed).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    await landing;
    expect(landed).toBe('home');
  });

  it("follows a guest's device profile", async () => {
    const noCall = mockFetch({});
    await expect(landingAfterLogIn(false)).resolves.toBe('connections');
    localStorage.setItem('user_profile', JSON.stringify(complete));
    await expect(landingAfterLogIn(false)).resolves.toBe('home');
    expect(noCall.calls).toEqual([]);
  });
});
