// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { exportForSession } from '../../src/features/settings/services/exportData';
import { currentMember, logIn, signUp } from '../../src/features/session/services/auth';
import { memberFailure } from '../../src/shared/http/errors';
import { createProfileSync, type ProfileSync } from '../../src/features/session/services/profileSync';
import { fakeMember, fakeSessionLogic } from '../support/session';
import { profileWith } from '../support/profiles';
import { json, mockFetch } from './fetchMock';

const mira = fakeMember;
const deviceProfile = profileWith({
  username: 'mira',
  profilePicture: 'data:image/webp;base64,AAAA',
  hobbies: 'climbing',
  musicGenres: ['Jazz'],
  favoriteGames: ['Celeste'],
  favoriteShows: ['Dark'],
  connectedServices: { spotify: true, trakt: false, steam: true },
});
const serverProfile = { ...deviceProfile, hobbies: 'chess', musicGenres: ['Metal'], connectedServices: { spotify: false, trakt: true, steam: false } };

/** An edit this device made for the member at `updatedAt` and has not sent yet. */
const storePendingEdit = (memberId: string, updatedAt: number) =>
  localStorage.setItem('member_profile_sync', JSON.stringify({ memberId, updatedAt, pending: true }));
const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null');

// Each test is a fresh page load: a new device sync, as the session root creates one.
let sync: ProfileSync;
beforeEach(() => {
  localStorage.clear();
  sync = createProfileSync();
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'mycelius_member=; path=/; max-age=0';
});

describe('account calls: typed failures with the contract texts', () => {
  it('a 401 from GET /api/me means no session (offline, a member device says whose); a taken username or email belongs under its field', async () => {
    // A guest's browser has no 'mycelius_member' hint cookie: no request is made at all.
    const noCall = mockFetch({});
    await expect(currentMember()).resolves.toBeNull();
    expect(noCall.calls).toEqual([]);

    document.cookie = 'mycelius_member=1; path=/';
    mockFetch({ 'GET /api/me': json({ error: { code: 'UNAUTHENTICATED', message: 'x' } }, 401) });
    await expect(currentMember()).resolves.toBeNull();

    // Offline: a device that was a member's says whose; any other device cannot tell and the failure stands.
    mockFetch({ 'GET /api/me': 'network-error' });
    await expect(currentMember()).rejects.toThrow();
    localStorage.setItem('member_profile_sync', JSON.stringify({ memberId: 'm-1', updatedAt: 5, pending: false }));
    await expect(currentMember()).resolves.toEqual({ offlineMemberId: 'm-1' });

    mockFetch({ 'POST /api/auth/signup': json({ error: { code: 'USERNAME_TAKEN', message: 'x', field: 'username' } }, 409) });
    const taken = await signUp({ username: 'Mira', email: 'm@example.com', password: 'secret1' }).catch((e: unknown) => e);
    expect(memberFailure(taken)).toEqual({ code: 'USERNAME_TAKEN', message: 'That username is taken', field: 'username' });

    mockFetch({ 'POST /api/auth/signup': json({ error: { code: 'EMAIL_TAKEN', message: 'x' } }, 409) });
    const email = await signUp({ username: 'nova', email: 'm@example.com', password: 'secret1' }).catch((e: unknown) => e);
    expect(memberFailure(email)).toEqual({ code: 'EMAIL_TAKEN', message: 'An account with this email already exists', field: 'email' });
  });

  it('wrong credentials, the throttle (minutes from Retry-After), no network and a broken server each say so', async () => {
    mockFetch({ 'POST /api/auth/login': json({ error: { code: 'INVALID_CREDENTIALS', message: 'x' } }, 401) });
    expect(memberFailure(await logIn({ username: 'mira', password: 'nope123' }).catch((e: unknown) => e))).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid username or password',
    });

    vi.stubGlobal('fetch', async () =>
      new Response(JSON.stringify({ error: { code: 'TOO_MANY_ATTEMPTS', message: 'x' } }), { status: 429, headers: { 'Retry-After': '840' } }),
    );
    expect(memberFailure(await logIn({ username: 'mira', password: 'nope123' }).catch((e: unknown) => e)).message).toBe(
      'Too many attempts. Try again in 14 minutes.',
    );

    mockFetch({ 'POST /api/auth/login': 'network-error' });
    expect(memberFailure(await logIn({ username: 'mira', password: 'secret1' }).catch((e: unknown) => e)).message).toBe(
      'You appear to be offline. Please check your connection and try again.',
    );

    vi.stubGlobal('fetch', async () => new Response('<html>Bad gateway</html>', { status: 502 }));
    expect(memberFailure(await logIn({ username: 'mira', password: 'secret1' }).catch((e: unknown) => e)).message).toBe(
      'Something went wrong on the server. Please try again.',
    );
  });
});

describe('profile sync: local first, newer updatedAt wins', () => {
  /** The device holds its own profile, edited offline at `at` by `memberId`. */
  const deviceHoldsEdit = (memberId: string, at: number) => {
    localStorage.setItem('user_profile', JSON.stringify(deviceProfile));
    storePendingEdit(memberId, at);
  };
  /** The server holds Mira's profile as saved at time 50. */
  const serverKeepsProfileSaved50 = () => mockFetch({ 'GET /api/me': json({ user: mira, profile: { ...serverProfile, updatedAt: 50 } }) });

  it('a new member with no server profile keeps the device profile and sends it with its time', async () => {
    localStorage.setItem('user_profile', JSON.stringify(deviceProfile));
    const { calls } = mockFetch({
      'GET /api/me': json({ user: mira, profile: null }),
      'PUT /api/me/profile': (call) => json({ profile: call.body }),
    });
    await expect(sync.reconcileProfile('m-1', () => 90)).resolves.toEqual({ needsPush: true });
    await expect(sync.pushProfile('m-1', () => 1_700_000_000_000)).resolves.toEqual({ stillPending: false });
    expect(calls.at(-1)?.body).toEqual({ ...deviceProfile, updatedAt: 1_700_000_000_000 });
    expect(stored('user_profile')).toEqual(deviceProfile);
    expect(stored('member_profile_sync')).toEqual({ memberId: 'm-1', updatedAt: 1_700_000_000_000, pending: false, synced: expect.any(String) });
  });

  it('logging in on a fresh browser restores the server profile: picture, hobbies, chips and connected flags', async () => {
    serverKeepsProfileSaved50();
    await expect(sync.reconcileProfile('m-1', () => 90)).resolves.toEqual({ needsPush: false });
    expect(stored('user_profile')).toEqual(serverProfile);
    expect(stored('member_profile_sync')).toEqual({ memberId: 'm-1', updatedAt: 50, pending: false, synced: expect.any(String) });
  });

  it('an offline edit newer than the server is sent; an older one loses to the server', async () => {
    deviceHoldsEdit('m-1', 60);
    serverKeepsProfileSaved50();
    await expect(sync.reconcileProfile('m-1', () => 90)).resolves.toEqual({ needsPush: true });
    expect(stored('user_profile')).toEqual(deviceProfile);

    storePendingEdit('m-1', 40);
    await expect(sync.reconcileProfile('m-1', () => 90)).resolves.toEqual({ needsPush: false });
    expect(stored('user_profile')).toEqual(serverProfile);
  });

  it("another member's pending edit on this device is never sent for this member", async () => {
    deviceHoldsEdit('someone-else', 99);
    serverKeepsProfileSaved50();
    await expect(sync.reconcileProfile('m-1', () => 90)).resolves.toEqual({ needsPush: false });
    expect(stored('user_profile')).toEqual(serverProfile);
  });

  it('hears edits and marks them pending with their time; a restore and a cleared device are not edits', async () => {
    serverKeepsProfileSaved50();
    const edits: number[] = [];
    const stop = sync.watchLocalEdits('m-1', () => 1000, () => edits.push(1));
    await sync.reconcileProfile('m-1', () => 90);
    expect(edits).toEqual([]);

    localStorage.setItem('user_profile', JSON.stringify({ ...serverProfile, hobbies: 'bouldering' }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'user_profile' }));
    expect(edits).toEqual([1]);
    expect(stored('member_profile_sync')).toEqual({ memberId: 'm-1', updatedAt: 1000, pending: true, synced: expect.any(String) });

    localStorage.removeItem('user_profile');
    window.dispatchEvent(new StorageEvent('storage', { key: 'user_profile' }));
    expect(edits).toEqual([1]);
    stop();
  });

  it('an edit made before anything listened (the session still being checked) is sent at the next reconcile, not lost to the server', async () => {
    serverKeepsProfileSaved50();
    await sync.reconcileProfile('m-1', () => 60);
    expect(stored('user_profile')).toEqual(serverProfile);

    // The page is loaded again; the member changes their hobbies before the session check has started the sync.
    sync = createProfileSync();
    localStorage.setItem('user_profile', JSON.stringify({ ...serverProfile, hobbies: 'bouldering' }));
    await expect(sync.reconcileProfile('m-1', () => 90)).resolves.toEqual({ needsPush: true });
    expect(stored('user_profile')).toEqual({ ...serverProfile, hobbies: 'bouldering' });
    expect(stored('member_profile_sync')).toMatchObject({ memberId: 'm-1', updatedAt: 90, pending: true });

    // Sent: the next reconcile finds nothing unsent, and a device copy as agreed takes the server's newer one.
    const { calls } = mockFetch({ 'PUT /api/me/profile': (call) => json({ profile: call.body }) });
    await expect(sync.pushProfile('m-1', () => 95)).resolves.toEqual({ stillPending: false });
    expect(calls.at(-1)?.body).toEqual({ ...serverProfile, hobbies: 'bouldering', updatedAt: 90 });
    mockFetch({ 'GET /api/me': json({ user: mira, profile: { ...serverProfile, hobbies: 'sailing', updatedAt: 120 } }) });
    await expect(sync.reconcileProfile('m-1', () => 130)).resolves.toEqual({ needsPush: false });
    expect(stored('user_profile')).toEqual({ ...serverProfile, hobbies: 'sailing' });
  });

  it('a read or a send still on its way when the membership ends writes nothing back onto the device', async () => {
    // The membership ends (a 401 elsewhere, a log-out) while the server is answering.
    mockFetch({
      'GET /api/me': () => {
        sync.forget();
        return json({ user: mira, profile: { ...serverProfile, updatedAt: 50 } });
      },
    });
    await expect(sync.reconcileProfile('m-1', () => 90)).resolves.toEqual({ needsPush: false });
    expect(stored('member_profile_sync')).toBeNull();

    storePendingEdit('m-1', 70);
    mockFetch({
      'PUT /api/me/profile': (call) => {
        sync.forget();
        return json({ profile: call.body });
      },
    });
    await expect(sync.pushProfile('m-1', () => 75)).resolves.toEqual({ stillPending: false });
    expect(stored('member_profile_sync')).toBeNull();
  });

  it('an edit made while a send was under way stays pending for the next send', async () => {
    storePendingEdit('m-1', 70);
    mockFetch({
      'PUT /api/me/profile': (call) => {
        storePendingEdit('m-1', 80);
        return json({ profile: call.body });
      },
    });
    await expect(sync.pushProfile('m-1', () => 75)).resolves.toEqual({ stillPending: true });
    expect(stored('member_profile_sync')).toEqual({ memberId: 'm-1', updatedAt: 80, pending: true });
  });
});

describe("the server's own field checks", () => {
  it('a username over the length the server keeps is refused under Username with its text', async () => {
    mockFetch({
      'POST /api/auth/signup': json({ error: { code: 'INVALID_INPUT', message: 'Username must be at most 32 characters', field: 'username' } }, 400),
    });
    const failure = memberFailure(await signUp({ username: 'x'.repeat(40), email: 'x@example.com', password: 'secret1' }).catch((e: unknown) => e));
    expect(failure).toEqual({ code: 'INVALID_INPUT', message: 'Username must be at most 32 characters', field: 'username' });
  });
});

describe('Download my data', () => {
  it("adds the server's copy for a member and only the device's for a guest; a 401 ends the session", async () => {
    localStorage.setItem('user_profile', JSON.stringify(deviceProfile));
    const exported = { user: mira, profile: { ...serverProfile, updatedAt: 50 }, exportedAt: '2026-11-23T12:00:00.000Z' };

    const member = createActor(fakeSessionLogic({ member: mira })).start();
    await waitFor(member, (s) => s.matches('member'));
    mockFetch({ 'GET /api/me/export': json(exported) });
    const data = (await exportForSession(member)) as { data: Record<string, unknown>; server: unknown };
    expect(data.data.user_profile).toEqual(deviceProfile);
    expect(data.server).toEqual(exported);

    const guest = createActor(fakeSessionLogic({ member: null })).start();
    await waitFor(guest, (s) => s.matches('guest'));
    const { calls } = mockFetch({});
    expect(await exportForSession(guest)).not.toHaveProperty('server');
    expect(calls).toEqual([]);

    mockFetch({ 'GET /api/me/export': json({ error: { code: 'UNAUTHENTICATED', message: 'x' } }, 401) });
    await expect(exportForSession(member)).rejects.toThrow();
    expect(member.getSnapshot().value).toEqual({ guest: 'sessionEnded' });
  });
});
