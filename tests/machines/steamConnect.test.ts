// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { AppError } from '../../src/domain/errors';
import { messages } from '../../src/domain/messages';
import { connectSteam, steamConnectMachine } from '../../src/machines/steamConnect.machine';
import { loadProfile } from '../../src/storage/profile';
import { runModel } from '../support/modelTest';
import { json, mockFetch } from '../services/fetchMock';

const ID = '76561198000000001';

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.unstubAllGlobals());

describe('Steam connect machine (model-based)', () => {
  it('reaches every state and transition with the right text, storage and flag effects', async () => {
    const count = await runModel({
      machine: steamConnectMachine,
      events: [
        { type: 'TYPE', value: '   ' },
        { type: 'TYPE', value: ID },
        { type: 'CONNECT' },
        { type: 'DISCONNECT' },
        { type: 'ID_STORED', steamId: ID },
        { type: 'ID_CLEARED' },
        { type: 'xstate.done.actor.connect', output: { steamId: ID, personaName: 'Myco Demo' } } as never,
        { type: 'xstate.error.actor.connect', error: new AppError('STEAM_PROFILE_NOT_FOUND') } as never,
        { type: 'xstate.error.actor.connect', error: new AppError('STEAM_INVALID_INPUT') } as never,
        { type: 'xstate.error.actor.connect', error: new TypeError('boom') } as never,
        { type: 'xstate.error.actor.watchSteamId', error: new Error('storage gone') } as never,
      ],
      provide: (env) => ({
        actions: {
          storeSteamId: (_: unknown, p: { steamId: string }) => env.record('store', p.steamId),
          forgetSteamId: () => env.record('forget'),
          markConnected: () => env.record('flag', true),
          markDisconnected: () => env.record('flag', false),
          logFailure: () => undefined,
        },
      }),
      check: ({ env, snapshot, path }) => {
        const flags = env.effects.filter((e) => e.type === 'flag');
        const last = path.steps.at(-1)?.event as { type: string } | undefined;
        if (snapshot.value === 'connected') expect(flags.at(-1)?.payload).toBe(true);
        if (snapshot.value === 'idle') expect(flags.at(-1)?.payload).toBe(false);
        if (snapshot.value === 'connecting') {
          expect(env.pending.get('connect')?.at(-1)?.input).toEqual({ text: snapshot.context.text });
          expect(snapshot.context.text.trim()).not.toBe('');
        }
        if (snapshot.value === 'error') {
          expect([
            messages.steam.inputEmpty,
            messages.steam.profileNotFoundOrPrivate,
            messages.steam.invalidInput,
            messages.steam.connectFailed,
          ]).toContain(snapshot.context.error);
        } else {
          expect(snapshot.context.error).toBeNull();
        }
        if (last?.type === 'xstate.done.actor.connect') expect(env.effects).toContainEqual({ type: 'store', payload: ID });
        if (last?.type === 'DISCONNECT') expect(env.effects.at(-2)).toEqual({ type: 'forget' });
        if (last?.type === 'CONNECT' && snapshot.value === 'error') expect(snapshot.context.error).toBe(messages.steam.inputEmpty);
      },
    });
    expect(count).toBeGreaterThan(15);
  });
});

describe('Steam connect with the real services', () => {
  const player = (visibility: number) =>
    json({ response: { players: [{ steamid: ID, personaname: 'Myco Demo', communityvisibilitystate: visibility }] } });

  it('starts connected when steam_id is stored; DISCONNECT removes it and clears the flag', () => {
    localStorage.setItem('steam_id', ID);
    const actor = createActor(steamConnectMachine).start();
    expect(actor.getSnapshot().value).toBe('connected');
    expect(loadProfile().connectedServices.steam).toBe(true);
    actor.send({ type: 'DISCONNECT' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(localStorage.getItem('steam_id')).toBeNull();
    expect(loadProfile().connectedServices.steam).toBe(false);
  });

  it('connects a public profile by id, storing it and marking the service connected', async () => {
    mockFetch({ [`GET /api/steam/player/summaries/${ID}`]: player(3) });
    const actor = createActor(steamConnectMachine).start();
    actor.send({ type: 'TYPE', value: ` https://steamcommunity.com/profiles/${ID}/ ` });
    actor.send({ type: 'CONNECT' });
    expect(actor.getSnapshot().value).toBe('connecting');
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('connected'));
    expect(actor.getSnapshot().context).toMatchObject({ steamId: ID, personaName: 'Myco Demo', error: null });
    expect(localStorage.getItem('steam_id')).toBe(ID);
    expect(loadProfile().connectedServices.steam).toBe(true);
  });

  it.each([
    ['a private profile', () => mockFetch({ [`GET /api/steam/player/summaries/${ID}`]: player(1) }), ID, messages.steam.profileNotFoundOrPrivate],
    ['no player', () => mockFetch({ [`GET /api/steam/player/summaries/${ID}`]: json({ response: { players: [] } }) }), ID, messages.steam.profileNotFoundOrPrivate],
    ['a failed lookup', () => mockFetch({ [`GET /api/steam/player/summaries/${ID}`]: json({}, 500) }), ID, messages.steam.connectFailed],
    ['an unreachable server', () => mockFetch({ [`GET /api/steam/player/summaries/${ID}`]: 'network-error' }), ID, messages.steam.connectFailed],
    ['text that is no id', () => mockFetch({}), 'hello world', messages.steam.invalidInput],
    ['an unknown custom URL', () => mockFetch({ 'GET /api/steam/resolve/nobody': json({ response: { success: 42 } }) }), 'https://steamcommunity.com/id/nobody', messages.steam.resolveNoSteamId],
  ])('shows the right text for %s', async (_label, arrange, text, expected) => {
    arrange();
    await expect(connectSteam(text)).rejects.toBeInstanceOf(AppError);
    const actor = createActor(steamConnectMachine).start();
    actor.send({ type: 'TYPE', value: text });
    actor.send({ type: 'CONNECT' });
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('error'));
    expect(actor.getSnapshot().context.error).toBe(expected);
    expect(localStorage.getItem('steam_id')).toBeNull();
  });
});
