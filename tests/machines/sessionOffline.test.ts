// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, waitFor } from 'xstate';
import { sessionMachine, type SessionEvent } from '../../src/features/session/machines/session.machine';
import { json, mockFetch } from '../services/fetchMock';
import { sessionWith } from '../support/session';
import { profileWith } from '../support/profiles';

// A member's device that starts without the server (the session's own actors, on a fake fetch): it works as
// a guest, keeps the member's edits pending (member_profile_sync), and asks again once the browser is online.

const mira = { id: 'm-1', username: 'mira', email: 'mira@example.com', createdAt: '2026-11-23T10:00:00.000Z' };
const profile = profileWith({ username: 'mira', hobbies: 'climbing', musicGenres: ['jazz'] });

let syncInputs: unknown[];
let session: ReturnType<typeof createActor<typeof sessionMachine>>;

function startSession() {
  const profileSync = fromCallback<SessionEvent, unknown>(({ input }) => {
    syncInputs.push(input);
  });
  const quiet = fromCallback<SessionEvent>(() => undefined);
  session = createActor(sessionWith({ profileSync: profileSync as never, hearSessionEnded: quiet })).start();
  return session;
}

beforeEach(() => {
  syncInputs = [];
  localStorage.clear();
  localStorage.setItem('member_profile_sync', JSON.stringify({ memberId: 'm-1', updatedAt: 5, pending: false }));
  document.cookie = 'mycelius_member=1; path=/';
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  session.stop();
  document.cookie = 'mycelius_member=; path=/; max-age=0';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a member device started offline', () => {
  it("marks the member's edits pending while the server is away", async () => {
    mockFetch({ 'GET /api/me': 'network-error' });
    await waitFor(startSession(), (s) => s.matches({ guest: 'offline' }));
    localStorage.setItem('user_profile', JSON.stringify({ ...profile, hobbies: 'chess' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'user_profile', storageArea: localStorage }));
    expect(JSON.parse(localStorage.getItem('member_profile_sync') ?? 'null')).toMatchObject({ memberId: 'm-1', pending: true });
  });

  it('asks the server again as soon as the browser is online, and the member is back with their sync', async () => {
    const { calls } = mockFetch({ 'GET /api/me': ['network-error', json({ user: mira, profile: null })] });
    await waitFor(startSession(), (s) => s.matches({ guest: 'offline' }));
    window.dispatchEvent(new Event('online'));
    expect(session.getSnapshot().value).toBe('checking');
    await waitFor(session, (s) => s.matches('member'));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/me', 'GET /api/me']);
    expect(session.getSnapshot().context.member).toEqual(mira);
    expect(syncInputs).toEqual([{ memberId: 'm-1' }]);
  });

  it('stops listening for the network once it is checking again', async () => {
    mockFetch({ 'GET /api/me': ['network-error', json({ user: mira, profile: null })] });
    const added = vi.spyOn(window, 'addEventListener');
    const removed = vi.spyOn(window, 'removeEventListener');
    await waitFor(startSession(), (s) => s.matches({ guest: 'offline' }));
    const listening = added.mock.calls.filter(([type]) => type === 'online');
    expect(listening).toHaveLength(1);
    window.dispatchEvent(new Event('online'));
    expect(removed).toHaveBeenCalledWith('online', listening[0]![1]);
  });

  it('logs a profile sync or a session watcher that fails, and stays signed in', async () => {
    mockFetch({ 'GET /api/me': json({ user: mira, profile: null }) });
    const syncFailure = new Error('sync broke');
    const watchFailure = new Error('no listener');
    const machine = sessionWith({
      profileSync: fromCallback(() => {
        throw syncFailure;
      }) as never,
      hearSessionEnded: fromCallback<SessionEvent>(() => {
        throw watchFailure;
      }),
    });
    session = createActor(machine).start();
    await waitFor(session, (s) => s.matches('member'));
    expect(console.error).toHaveBeenCalledWith('Profile sync stopped', syncFailure);
    expect(console.error).toHaveBeenCalledWith('Waiting for the network failed', watchFailure);
    expect(session.getSnapshot().context.member).toEqual(mira);
  });
});
