// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { profileSyncMachine } from '../../src/features/session/machines/profileSync.machine';
import { profileSyncActors } from '../../src/features/session/actors/session.actors';
import { createProfileSync } from '../../src/features/session/services/profileSync';
import { json, mockFetch, type RecordedCall } from '../services/fetchMock';
import { runEachTestQuietly } from '../support/machineTestLifecycle';
import { profileWith } from '../support/profiles';

// The profile sync with its own actors (the model test provides stand-ins): it hears a write of user_profile,
// sends the profile (PUT /api/me/profile) once the member pauses for 1 second, and after a failed
// reconcile starts over as soon as the browser says it is back online, before the 30-second retry.

const mira = { id: 'm-1', username: 'mira', email: 'mira@example.com', createdAt: '2026-11-23T10:00:00.000Z' };
const profile = profileWith({ username: 'mira', hobbies: 'climbing', musicGenres: ['jazz'] });
const echo = (call: RecordedCall) => json({ profile: call.body });
const puts = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'PUT' && c.path === '/api/me/profile');
const gets = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'GET' && c.path === '/api/me');

let sync: ReturnType<typeof createActor<typeof profileSyncMachine>>;

runEachTestQuietly({
  start: () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T04:00:00.000Z') });
    localStorage.clear();
    localStorage.setItem('user_profile', JSON.stringify(profile));
  },
  stop: () => sync.stop(),
});

describe('profile sync with its own actors', () => {
  it('a member without a server profile sends the device profile with its time', async () => {
    const { calls } = mockFetch({ 'GET /api/me': json({ user: mira, profile: null }), 'PUT /api/me/profile': echo });
    sync = createActor(profileSyncMachine.provide({ actors: profileSyncActors(createProfileSync()) }), { input: { memberId: 'm-1' } }).start();
    await waitFor(sync, (s) => s.matches('idle'));
    expect(puts(calls).map((c) => c.body)).toEqual([{ ...profile, updatedAt: Date.parse('2026-11-24T04:00:00.000Z') }]);
  });

  it('an edit written to user_profile is sent once the member pauses for 1 second', async () => {
    const { calls } = mockFetch({ 'GET /api/me': json({ user: mira, profile: null }), 'PUT /api/me/profile': echo });
    sync = createActor(profileSyncMachine.provide({ actors: profileSyncActors(createProfileSync()) }), { input: { memberId: 'm-1' } }).start();
    await waitFor(sync, (s) => s.matches('idle'));
    localStorage.setItem('user_profile', JSON.stringify({ ...profile, hobbies: 'climbing, chess' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'user_profile', storageArea: localStorage }));
    expect(sync.getSnapshot().value).toBe('debouncing');
    await vi.advanceTimersByTimeAsync(999);
    expect(puts(calls)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await waitFor(sync, (s) => s.matches('idle'));
    expect(puts(calls)).toHaveLength(2);
    expect(puts(calls)[1]?.body).toMatchObject({ hobbies: 'climbing, chess' });
  });

  it("after a failed reconcile the browser's online event starts over at once", async () => {
    const { calls } = mockFetch({ 'GET /api/me': ['network-error', json({ user: mira, profile: null })], 'PUT /api/me/profile': echo });
    sync = createActor(profileSyncMachine.provide({ actors: profileSyncActors(createProfileSync()) }), { input: { memberId: 'm-1' } }).start();
    await waitFor(sync, (s) => s.matches('waitingForNetwork'));
    window.dispatchEvent(new Event('online'));
    expect(sync.getSnapshot().value).toBe('reconciling');
    await waitFor(sync, (s) => s.matches('idle'));
    expect(gets(calls)).toHaveLength(2);
    expect(puts(calls)).toHaveLength(1);
  });
});
