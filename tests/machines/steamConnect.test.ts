// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { AppError } from '../../src/domain/errors';
import { connectSteam, steamConnectImplementationsFor } from '../../src/features/profile/actors/steamConnect.actors';
import { steamConnectMachine } from '../../src/features/profile/machines/steamConnect.machine';
import { createViewerSource } from '../../src/shared/session/viewer';
import { loadProfile } from '../../src/shared/storage/profile';
import { done, failed, isDone, isFailed, itCoversTheModel, type ModelEvent, type ReplayEnv } from '../support/modelTest';
import { json, mockFetch } from '../services/fetchMock';
import { callbackThrowing } from '../support/failingActors';

// The card's IO as the app provides it, for the app's viewer, which a test announces on.
const viewer = createViewerSource();
const steamConnectImplementations = steamConnectImplementationsFor(viewer);

const ID = '76561198000000001';

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.unstubAllGlobals());

// Texts from docs/product.md (game-store input) and the resolver's message.
const INPUT_EMPTY = 'Please enter a Steam ID or profile URL';
const NOT_FOUND_OR_PRIVATE = 'Steam profile not found or is PRIVATE';
const INVALID_INPUT = 'Invalid Steam ID or profile URL. Please enter a valid Steam ID64 or profile URL.';
const CONNECT_FAILED = 'Failed to connect to Steam';

const lastFlag = (env: ReplayEnv) => env.timeline.filter((e) => e.type === 'flag').at(-1)?.payload;

/**
 * Not connected here: the profile's flag falls only when a connection on this device ends; a device that
 * never had one only says so once (whether that clears the flag is the viewer's matter, tested with real storage).
 */
function expectNotConnectedHere(env: ReplayEnv) {
  if (env.timeline.some((e) => e.type === 'flag')) expect(lastFlag(env)).toBe(false);
  else expect(env.timeline.filter((e) => e.type === 'noConnectionHere')).toHaveLength(1);
}

describe('Steam connect machine (model-based)', () => {
  itCoversTheModel('reaches every state and transition with the right text, storage and flag effects', {
    machine: steamConnectMachine,
    limit: 40,
    events: [
      { type: 'TYPE', value: '   ' },
      { type: 'TYPE', value: ID },
      { type: 'CONNECT' },
      { type: 'DISCONNECT' },
      { type: 'ID_STORED', steamId: ID, personaName: '' },
      { type: 'ID_STORED', steamId: ID, personaName: 'Stored Name' },
      { type: 'ID_CLEARED' },
      done('connect', { steamId: ID, personaName: 'Myco Demo' }),
      failed('connect', new AppError('STEAM_PROFILE_NOT_FOUND')),
      failed('connect', new AppError('STEAM_INVALID_INPUT')),
      failed('connect', new TypeError('boom')),
      failed('watchSteamId', new Error('storage gone')),
    ],
    provide: (env) => ({
      actions: {
        storeSteamId: (_: unknown, p: { steamId: string; personaName: string }) => env.record('store', p),
        forgetSteamId: () => env.record('forget'),
        markConnected: () => env.record('flag', true),
        markDisconnected: () => env.record('flag', false),
        noteNoIdHere: () => env.record('noConnectionHere'),
        logFailure: () => undefined,
      },
    }),
    states: {
      checking: ({ env, context }) => {
        expect(env.timeline).toEqual([]);
        expect(context).toEqual({ text: '', error: null, steamId: '', personaName: '' });
      },
      // Disconnected, by the button or because the stored id went away: no id or name of the old account stays.
      idle: ({ env, context, last }) => {
        expectNotConnectedHere(env);
        expect(context).toMatchObject({ error: null, steamId: '', personaName: '' });
        if (last?.type === 'DISCONNECT') {
          expect(env.timeline.at(-2)).toEqual({ type: 'forget', payload: undefined, at: 0 });
          expect(context.text).toBe('');
        }
      },
      connecting: ({ env, context }) => {
        expect(context.text).toBe(ID);
        expect(env.pending.get('connect')?.at(-1)?.input).toEqual({ text: ID });
      },
      // The text says what went wrong with the last attempt: a blank input or the connect failure's own text.
      error: ({ context, path }) => {
        expect(context).toMatchObject({ steamId: '', personaName: '' });
        const attempt = path.steps.map((s) => s.event as ModelEvent).findLast((e) => e.type === 'CONNECT' || isFailed('connect')(e));
        expect(context.error).toBe(attempt?.type === 'CONNECT' ? INPUT_EMPTY : messageForError(attempt?.error));
      },
      // The name comes from the connect answer, or from storage with the id (an older install stored no name).
      connected: ({ env, context, path }) => {
        expect(lastFlag(env)).toBe(true);
        expect(context.steamId).toBe(ID);
        expect(context.error).toBeNull();
        const cause = path.steps.map((s) => s.event as ModelEvent).findLast((e) => e.type === 'ID_STORED' || isDone('connect')(e));
        if (isDone('connect')(cause)) {
          expect(context).toMatchObject({ personaName: 'Myco Demo', text: '' });
          expect(env.timeline.filter((e) => e.type === 'store')).toEqual([{ type: 'store', payload: { steamId: ID, personaName: 'Myco Demo' }, at: 0 }]);
        } else {
          expect(context.personaName).toBe(cause?.personaName);
        }
      },
    },
  }, { states: 6, transitions: 13, guards: 2 });
});

function messageForError(error: unknown): string {
  if (error instanceof AppError && error.code === 'STEAM_PROFILE_NOT_FOUND') return NOT_FOUND_OR_PRIVATE;
  if (error instanceof AppError && error.code === 'STEAM_INVALID_INPUT') return INVALID_INPUT;
  return CONNECT_FAILED;
}

/** The Steam card's machine with the app's real IO. */
const realSteam = steamConnectMachine.provide(steamConnectImplementations);

describe('Steam connect with the real services', () => {
  const player = (visibility: number) =>
    json({ response: { players: [{ steamid: ID, personaname: 'Myco Demo', communityvisibilitystate: visibility }] } });

  it('starts connected when steam_id is stored; DISCONNECT removes it and clears the flag', () => {
    localStorage.setItem('steam_id', ID);
    const actor = createActor(realSteam).start();
    expect(actor.getSnapshot().value).toBe('connected');
    expect(loadProfile().connectedServices.steam).toBe(true);
    actor.send({ type: 'DISCONNECT' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(localStorage.getItem('steam_id')).toBeNull();
    expect(localStorage.getItem('steam_account')).toBeNull();
    expect(loadProfile().connectedServices.steam).toBe(false);
  });

  it("keeps a member's Steam connected elsewhere, with its games, on a device without the id; a guest's goes", () => {
    const profile = {
      username: 'alice',
      hobbies: 'climbing',
      favoriteGames: ['Portal 2'],
      connectedServices: { spotify: false, trakt: false, steam: true },
      connectedTaste: { steamGames: [{ name: 'Portal 2', hours: 40 }] },
    };
    viewer.announce({ kind: 'member', memberId: 'm-alice' });
    localStorage.setItem('user_profile', JSON.stringify(profile));
    expect(createActor(realSteam).start().getSnapshot().value).toBe('idle');
    expect(loadProfile()).toMatchObject({ connectedServices: { steam: true }, connectedTaste: { steamGames: [{ name: 'Portal 2', hours: 40 }] } });

    viewer.announce({ kind: 'guest' });
    createActor(realSteam).start();
    expect(loadProfile().connectedServices.steam).toBe(false);
    expect(loadProfile().connectedTaste?.steamGames).toBeUndefined();
  });

  /** The real Steam connect, its id typed and connected against a server that knows the account. */
  async function connectedToMycoDemo() {
    mockFetch({ [`GET /api/steam/player/summaries/${ID}`]: player(3) });
    const actor = createActor(realSteam).start();
    actor.send({ type: 'TYPE', value: ID });
    actor.send({ type: 'CONNECT' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('connected'));
    return actor;
  }

  it('after a reload names the account it connected; an older install that stored only the id still loads', async () => {
    const first = await connectedToMycoDemo();
    first.stop();
    expect(JSON.parse(localStorage.getItem('steam_account') ?? 'null')).toEqual({ steamId: ID, personaName: 'Myco Demo' });

    const reloaded = createActor(realSteam).start();
    expect(reloaded.getSnapshot().value).toBe('connected');
    expect(reloaded.getSnapshot().context).toMatchObject({ steamId: ID, personaName: 'Myco Demo' });
    reloaded.stop();

    localStorage.removeItem('steam_account');
    const older = createActor(realSteam).start();
    expect(older.getSnapshot().context).toMatchObject({ steamId: ID, personaName: '' });
    expect(older.getSnapshot().value).toBe('connected');
    older.stop();

    // A name stored for another id, or one that fails validation, is not shown for this id.
    localStorage.setItem('steam_account', JSON.stringify({ steamId: '76561198000000002', personaName: 'QuietSpore' }));
    expect(createActor(realSteam).start().getSnapshot().context.personaName).toBe('');
    localStorage.setItem('steam_account', '{"steamId":"x"}');
    expect(createActor(realSteam).start().getSnapshot().context.personaName).toBe('');
  });

  it('connects a public profile by id, storing it and marking the service connected', async () => {
    mockFetch({ [`GET /api/steam/player/summaries/${ID}`]: player(3) });
    const actor = createActor(realSteam).start();
    actor.send({ type: 'TYPE', value: ` https://steamcommunity.com/profiles/${ID}/ ` });
    actor.send({ type: 'CONNECT' });
    expect(actor.getSnapshot().value).toBe('connecting');
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('connected'));
    expect(actor.getSnapshot().context).toMatchObject({ steamId: ID, personaName: 'Myco Demo', error: null });
    expect(localStorage.getItem('steam_id')).toBe(ID);
    expect(loadProfile().connectedServices.steam).toBe(true);
  });

  it.each([
    ['a private profile', () => mockFetch({ [`GET /api/steam/player/summaries/${ID}`]: player(1) }), ID, NOT_FOUND_OR_PRIVATE],
    ['no player', () => mockFetch({ [`GET /api/steam/player/summaries/${ID}`]: json({ response: { players: [] } }) }), ID, NOT_FOUND_OR_PRIVATE],
    ['a failed lookup', () => mockFetch({ [`GET /api/steam/player/summaries/${ID}`]: json({}, 500) }), ID, CONNECT_FAILED],
    ['an unreachable server', () => mockFetch({ [`GET /api/steam/player/summaries/${ID}`]: 'network-error' }), ID, CONNECT_FAILED],
    ['text that is no id', () => mockFetch({}), 'hello world', INVALID_INPUT],
    ['an unknown custom URL', () => mockFetch({ 'GET /api/steam/resolve/nobody': json({ response: { success: 42 } }) }), 'https://steamcommunity.com/id/nobody', 'Steam profile not found. Check the custom URL.'],
  ])('shows the right text for %s', async (_label, arrange, text, expected) => {
    arrange();
    await expect(connectSteam(text)).rejects.toBeInstanceOf(AppError);
    const actor = createActor(realSteam).start();
    actor.send({ type: 'TYPE', value: text });
    actor.send({ type: 'CONNECT' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('error'));
    expect(actor.getSnapshot().context.error).toBe(expected);
    expect(localStorage.getItem('steam_id')).toBeNull();
  });

  it('offers the games of an account just connected, once back on the screen', async () => {
    await connectedToMycoDemo();
    expect(sessionStorage.getItem('taste_offer_steam')).toBe('true');
  });

  it('a failed lookup is a STEAM_CONNECT_FAILED that keeps its cause, and is logged', async () => {
    mockFetch({ [`GET /api/steam/player/summaries/${ID}`]: json({}, 500) });
    const failure = await connectSteam(ID).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'STEAM_CONNECT_FAILED' });
    expect((failure as AppError).cause).toBeInstanceOf(Error);
    const actor = createActor(realSteam).start();
    actor.send({ type: 'TYPE', value: ID });
    actor.send({ type: 'CONNECT' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('error'));
    expect(console.error).toHaveBeenCalledWith('Steam connection failed', expect.objectContaining({ code: 'STEAM_CONNECT_FAILED' }));
  });

  it('logs a storage watcher that fails', () => {
    const broken = new Error('no storage events');
    const machine = steamConnectMachine.provide({
      ...steamConnectImplementations,
      actors: {
        ...steamConnectImplementations.actors,
        watchSteamId: callbackThrowing(broken),
      },
    });
    createActor(machine).start();
    expect(console.error).toHaveBeenCalledWith('Steam connection failed', broken);
  });
});
