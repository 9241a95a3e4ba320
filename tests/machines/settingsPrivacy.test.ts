// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, toPromise } from 'xstate';
import type { SessionEvent } from '../../src/features/session/machines/session.machine';
import { logInThrough, type SessionActor } from '../../src/features/session/actors/sessionRequests';
import { exportDataWith, privacyActorsWith } from '../../src/features/settings/actors/settings.actors';
import { json, mockFetch } from '../services/fetchMock';
import { runEachTestQuietly } from '../support/machineTestLifecycle';
import { sessionWith } from '../support/session';

// The privacy switches a screen gets from privacyActorsWith: a guest's stay on the device (user_settings);
// a member's start as the server keeps them (GET /api/me/settings) and are told to it (PUT), and a 401 ends
// the session. Defaults are docs/product.md's: dark theme, public profile, notifications, sounds, online status shown.

const mira = { id: 'm-1', username: 'mira', email: 'mira@example.com', createdAt: '2026-11-23T10:00:00.000Z' };
const deviceSettings = { theme: 'light', profileVisibility: 'public', notifications: false, soundEffects: true, showOnlineStatus: true };
const quiet = fromCallback<SessionEvent>(() => undefined);

let session: SessionActor;

async function startSession(asMember: boolean, routes: Parameters<typeof mockFetch>[0]) {
  const fake = mockFetch({ 'POST /api/auth/login': json({ user: mira }), ...routes });
  session = createActor(sessionWith({ profileSync: quiet as never, hearSessionEnded: quiet })).start();
  if (asMember) await logInThrough(session, { username: 'mira', password: 'secret1' });
  return fake;
}

function run<T>(logic: Parameters<typeof createActor>[0], input?: unknown): Promise<T> {
  return toPromise(createActor(logic, { input }).start()) as Promise<T>;
}

runEachTestQuietly({
  start: () => {
    localStorage.clear();
    localStorage.setItem('user_settings', JSON.stringify(deviceSettings));
  },
  stop: () => session.stop(),
});

describe('a guest', () => {
  it('loads the device settings and asks the server nothing', async () => {
    const { calls } = await startSession(false, {});
    await expect(run(privacyActorsWith(session).loadSettings)).resolves.toEqual(deviceSettings);
    expect(calls).toEqual([]);
  });

  it('keeps a privacy switch on the device: the answer is what was asked, nothing is sent', async () => {
    const { calls } = await startSession(false, {});
    const privacy = { profileVisibility: 'private', showOnlineStatus: false };
    await expect(run(privacyActorsWith(session).sharePrivacy, privacy)).resolves.toEqual(privacy);
    expect(calls).toEqual([]);
  });
});

describe('a member', () => {
  it('starts from the privacy the server keeps, written to the device copy too', async () => {
    await startSession(true, {
      'GET /api/me/settings': json({ profileVisibility: 'private', showOnlineStatus: false, communities: [] }),
    });
    const expected = { ...deviceSettings, profileVisibility: 'private', showOnlineStatus: false };
    await expect(run(privacyActorsWith(session).loadSettings)).resolves.toEqual(expected);
    expect(JSON.parse(localStorage.getItem('user_settings') ?? 'null')).toEqual(expected);
  });

  it('keeps the device copy when the server cannot be reached, and the session stays', async () => {
    await startSession(true, { 'GET /api/me/settings': 'network-error' });
    await expect(run(privacyActorsWith(session).loadSettings)).resolves.toEqual(deviceSettings);
    expect(session.getSnapshot().value).toEqual({ member: 'active' });
    expect(console.error).toHaveBeenCalledTimes(1);
  });

  it('a 401 while loading ends the session and shows the device copy', async () => {
    await startSession(true, { 'GET /api/me/settings': json({ error: { code: 'UNAUTHENTICATED', message: 'x' } }, 401) });
    await expect(run(privacyActorsWith(session).loadSettings)).resolves.toEqual(deviceSettings);
    expect(session.getSnapshot().value).toEqual({ guest: 'sessionEnded' });
  });

  it('tells the server a switch (PUT /api/me/settings) and answers the privacy it keeps', async () => {
    const { calls } = await startSession(true, {
      'PUT /api/me/settings': json({ profileVisibility: 'private', showOnlineStatus: true, communities: [] }),
    });
    const answer = run(privacyActorsWith(session).sharePrivacy, { profileVisibility: 'private', showOnlineStatus: true });
    await expect(answer).resolves.toEqual({ profileVisibility: 'private', showOnlineStatus: true });
    expect(calls.at(-1)).toMatchObject({ method: 'PUT', path: '/api/me/settings', body: { profileVisibility: 'private', showOnlineStatus: true } });
  });

  it('a 401 while telling the server ends the session and the switch fails', async () => {
    await startSession(true, { 'PUT /api/me/settings': json({ error: { code: 'UNAUTHENTICATED', message: 'x' } }, 401) });
    const answer = run(privacyActorsWith(session).sharePrivacy, { profileVisibility: 'private', showOnlineStatus: true });
    await expect(answer).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(session.getSnapshot().value).toEqual({ guest: 'sessionEnded' });
  });

  it('another failure while telling the server fails the switch but keeps the session', async () => {
    await startSession(true, { 'PUT /api/me/settings': json({ error: { code: 'SERVER', message: 'x' } }, 500) });
    const answer = run(privacyActorsWith(session).sharePrivacy, { profileVisibility: 'private', showOnlineStatus: true });
    await expect(answer).rejects.toMatchObject({ code: 'SERVER' });
    expect(session.getSnapshot().value).toEqual({ member: 'active' });
  });
});

describe('Download my data', () => {
  it("a member's file adds the server's copy (GET /api/me/export) to the device's settings", async () => {
    const serverCopy = { user: mira, profile: null, exportedAt: '2026-11-24T04:00:00.000Z' };
    const { calls } = await startSession(true, { 'GET /api/me/export': json(serverCopy) });
    const file = await run<{ data: Record<string, unknown>; server: unknown }>(exportDataWith(session));
    expect(file.server).toEqual(serverCopy);
    expect(file.data.user_settings).toEqual(deviceSettings);
    expect(calls.at(-1)).toMatchObject({ method: 'GET', path: '/api/me/export' });
  });
});
