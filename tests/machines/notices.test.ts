import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, SimulatedClock, waitFor, type EventObject } from 'xstate';
import { noticesMachine } from '../../src/features/live/machines/notices.machine';
import { after, done, failed, isDone, itCoversTheModel } from '../support/modelTest';

// A member's live notices: a friend request or a friend's message, told in the page for
// 6 s or until dismissed, beyond the page as settings allow; no notice for the chat on screen, one's own echo
// or a muted chat's message.

const fromNova = {
  id: 'id-1',
  clientId: 'c-1',
  from: 'm-2',
  to: 'm-1',
  text: 'hi mira',
  sentAt: '2026-11-23T23:00:00.000Z',
  deliveredAt: null,
  readAt: null,
};
const echo = { ...fromNova, id: 'id-2', clientId: 'c-2', from: 'm-1', to: 'm-2', text: 'hi nova' };

const REQUEST_NOTICE = 'juno sent you a friend request';
const MESSAGE_NOTICE = 'New message from nova';

const events = [
  { type: 'live.received', frame: { type: 'friendRequest', from: { id: 'm-3', username: 'juno' } } },
  { type: 'live.received', frame: { type: 'message', message: fromNova } },
  { type: 'live.received', frame: { type: 'message', message: echo } },
  // nova's chat muted: the server marks the frame, and nothing is told.
  { type: 'live.received', frame: { type: 'message', message: fromNova, muted: true } },
  { type: 'live.received', frame: { type: 'heartbeat' } },
  { type: 'notices.viewing', friendId: 'm-2' },
  { type: 'notices.viewing', friendId: null },
  { type: 'notices.dismiss' },
  { type: 'notices.hold', by: 'pointer' },
  { type: 'notices.hold', by: 'focus' },
  { type: 'notices.release', by: 'pointer' },
  { type: 'notices.release', by: 'focus' },
  done('friendName', 'nova'),
  done('friendName', null),
  failed('friendName', new Error('offline')),
  after('noticeDuration'),
  failed('liveLink', new Error('gone')),
  // Said without a notice: the member's people or own profile changed, or the channel (re)opened.
  { type: 'live.received', frame: { type: 'people.changed' } },
  { type: 'live.received', frame: { type: 'profile.changed' } },
  { type: 'live.status', status: 'open' },
  { type: 'live.status', status: 'reconnecting' },
];

type Step = { event: EventObject & Record<string, unknown>; state: { value: unknown } };

/** The notice on screen, what went beyond the page and how often requests and the own profile were refreshed, from the events alone. */
function oracle(steps: readonly Step[]) {
  let notice: string | null = null;
  let viewing: string | null = null;
  const beyond: string[] = [];
  let refreshes = 0;
  let profileRefreshes = 0;
  const holds = new Set<unknown>();
  for (const { event, state } of steps.slice(1)) {
    if (event.type === 'notices.viewing') viewing = event.friendId as string | null;
    if (event.type === 'live.status' && event.status === 'open') {
      refreshes += 1;
      profileRefreshes += 1;
    }
    const said = event.type === 'live.received' ? (event.frame as { type: string }).type : null;
    if (said === 'people.changed') refreshes += 1;
    if (said === 'profile.changed') profileRefreshes += 1;
    if (event.type === 'live.received') {
      const frame = event.frame as { type: string; message?: { from: string } };
      if (frame.type === 'friendRequest') {
        notice = REQUEST_NOTICE;
        beyond.push(REQUEST_NOTICE);
        refreshes += 1;
      }
    }
    if (isDone('friendName')(event) && event.output === 'nova' && viewing !== 'm-2') {
      notice = MESSAGE_NOTICE;
      beyond.push(MESSAGE_NOTICE);
    }
    // Dismiss takes the notice away wherever it shows, also while a newer message's sender is being looked up.
    if (event.type === 'notices.dismiss') notice = null;
    if (state.value === 'quiet') notice = null;
    // The pointer or focus holds a notice on screen; one taken away holds nothing.
    if (event.type === 'notices.hold' && notice !== null) holds.add(event.by);
    if (event.type === 'notices.release') holds.delete(event.by);
    if (notice === null) holds.clear();
  }
  return { notice, beyond, refreshes, profileRefreshes, held: holds.size > 0 };
}

describe('notices machine (model-based)', () => {
  itCoversTheModel('tells friend requests and unseen friends messages, for 6 s or until dismissed', {
    machine: noticesMachine,
    input: { memberId: 'm-1' },
    limit: 100,
    events,
    delays: { noticeDuration: 6_000 },
    provide: (env) => ({
      actions: {
        announceBeyondPage: (_: unknown, params: { text: string }) => env.record('beyond', params.text),
        refreshFriendRequests: () => env.record('refresh'),
        refreshOwnProfile: () => env.record('profileRefresh'),
        logFailure: () => env.record('logged'),
      },
    }),
    states: {
      quiet: ({ context, env, path }) => {
        const expected = oracle(path.steps);
        expect(context.notice).toBeNull();
        expect(context.about).toBeNull();
        expect(env.effects.filter((e) => e.type === 'beyond').map((e) => e.payload)).toEqual(expected.beyond);
        expect(env.effects.filter((e) => e.type === 'refresh')).toHaveLength(expected.refreshes);
        expect(env.effects.filter((e) => e.type === 'profileRefresh')).toHaveLength(expected.profileRefreshes);
      },
      // Looking up who wrote: only nova's message, never mira's own echo or the chat already on screen.
      naming: ({ context, env, path }) => {
        expect(env.pending.get('friendName')?.at(-1)?.input).toEqual({ friendId: 'm-2' });
        const novaWhileAway = path.steps.some(
          (s, i) => (s.event as { frame?: { message?: { from: string } } }).frame?.message?.from === 'm-2' && path.steps[i - 1]?.state.context.viewingFriendId === null,
        );
        expect(novaWhileAway).toBe(true);
        // The naming began with a message nobody muted.
        const steps = path.steps as Step[];
        let start = steps.length - 1;
        while (start > 0 && steps[start - 1]?.state.value === 'naming') start -= 1;
        expect((steps[start]?.event.frame as { muted?: boolean } | undefined)?.muted).toBeUndefined();
        expect(context.notice).toBe(oracle(path.steps as Step[]).notice);
        // The older notice still shown keeps what its 'View' opens; a dismissed one leaves nothing to open.
        if (context.notice === null) expect(context.about).toBeNull();
        else expect(context.about).toEqual(context.notice === REQUEST_NOTICE ? { kind: 'requests' } : { kind: 'chat', friendId: 'm-2' });
      },
      'showing.counting': ({ context, env, path }) => {
        expect(oracle(path.steps).held).toBe(false);
        expectShowing({ context, env, path });
      },
      // The pointer or focus rests on it: its 6 s do not run out.
      'showing.held': ({ context, env, path }) => {
        expect(oracle(path.steps).held).toBe(true);
        expectShowing({ context, env, path });
      },
    },
  }, { states: 6, transitions: 13, guards: 8 }, 60_000);
});

type ShowingView = { context: { notice: string | null; about: unknown }; env: { effects: readonly { type: string; payload?: unknown }[] }; path: { steps: readonly Step[] } };
function expectShowing({ context, env, path }: ShowingView) {
  const expected = oracle(path.steps);
  expect(context.notice).toBe(expected.notice);
  expect([REQUEST_NOTICE, MESSAGE_NOTICE]).toContain(context.notice);
  // Its 'View' opens what it is about: the friend requests, or nova's chat.
  expect(context.about).toEqual(context.notice === REQUEST_NOTICE ? { kind: 'requests' } : { kind: 'chat', friendId: 'm-2' });
  expect(env.effects.filter((e) => e.type === 'beyond').map((e) => e.payload)).toEqual(expected.beyond);
  expect(env.effects.filter((e) => e.type === 'refresh')).toHaveLength(expected.refreshes);
  expect(env.effects.filter((e) => e.type === 'profileRefresh')).toHaveLength(expected.profileRefreshes);
}

describe('notices machine: Dismiss while a newer message is being named', () => {
  it('takes the older notice away at once and still tells the new message once its sender is named', async () => {
    let name!: (value: string | null) => void;
    const notices = createActor(
      noticesMachine.provide({
        actors: {
          liveLink: fromCallback(() => undefined),
          friendName: fromPromise<string | null, { friendId: string }>(() => new Promise((resolve) => (name = resolve))),
        },
        actions: { announceBeyondPage: () => undefined, refreshFriendRequests: () => undefined, refreshOwnProfile: () => undefined },
      }),
      { input: { memberId: 'm-1' } },
    ).start();
    notices.send({ type: 'live.received', frame: { type: 'friendRequest', from: { id: 'm-3', username: 'juno' } } });
    notices.send({ type: 'live.received', frame: { type: 'message', message: fromNova } });
    expect(notices.getSnapshot().context).toMatchObject({ notice: REQUEST_NOTICE, about: { kind: 'requests' } });

    notices.send({ type: 'notices.dismiss' });
    expect(notices.getSnapshot().context).toMatchObject({ notice: null, about: null });

    name('nova');
    const told = await waitFor(notices, (s) => s.context.notice !== null);
    expect(told.context).toMatchObject({ notice: MESSAGE_NOTICE, about: { kind: 'chat', friendId: 'm-2' } });
    notices.stop();
  });
});

describe('notices machine: a muted chat', () => {
  it('tells nothing of its message, in the page or beyond, and looks no name up; the next unmuted one is told', async () => {
    const beyond: string[] = [];
    const lookedUp: string[] = [];
    const notices = createActor(
      noticesMachine.provide({
        actors: {
          liveLink: fromCallback(() => undefined),
          friendName: fromPromise<string | null, { friendId: string }>(({ input }) => {
            lookedUp.push(input.friendId);
            return Promise.resolve('nova');
          }),
        },
        actions: { announceBeyondPage: (_: unknown, params: { text: string }) => void beyond.push(params.text), refreshFriendRequests: () => undefined, refreshOwnProfile: () => undefined },
      }),
      { input: { memberId: 'm-1' } },
    ).start();
    notices.send({ type: 'live.received', frame: { type: 'message', message: fromNova, muted: true } });
    expect(notices.getSnapshot().value).toBe('quiet');
    expect([notices.getSnapshot().context.notice, beyond, lookedUp]).toEqual([null, [], []]);

    notices.send({ type: 'live.received', frame: { type: 'message', message: { ...fromNova, id: 'id-3' } } });
    await waitFor(notices, (s) => s.matches('showing'));
    expect([notices.getSnapshot().context.notice, beyond]).toEqual(['New message from nova', ['New message from nova']]);
  });
});

describe('notices machine: a notice someone is reading', () => {
  it('stays past its 6 s while the pointer or focus rests on it, and has 6 s again once both have left', () => {
    const clock = new SimulatedClock();
    const notices = createActor(
      noticesMachine.provide({
        actors: { liveLink: fromCallback(() => undefined) },
        actions: { announceBeyondPage: () => undefined, refreshFriendRequests: () => undefined, refreshOwnProfile: () => undefined },
      }),
      { input: { memberId: 'm-1' }, clock },
    ).start();
    const notice = () => notices.getSnapshot().context.notice;
    notices.send({ type: 'live.received', frame: { type: 'friendRequest', from: { id: 'm-3', username: 'juno' } } });
    clock.increment(5_000);
    notices.send({ type: 'notices.hold', by: 'pointer' });
    notices.send({ type: 'notices.hold', by: 'focus' });
    clock.increment(60_000);
    expect(notice()).toBe(REQUEST_NOTICE);

    // The pointer leaves but focus stays in it: still held.
    notices.send({ type: 'notices.release', by: 'pointer' });
    clock.increment(60_000);
    expect(notice()).toBe(REQUEST_NOTICE);

    // Focus leaves too: 6 s from now, not from when it came.
    notices.send({ type: 'notices.release', by: 'focus' });
    clock.increment(5_999);
    expect(notice()).toBe(REQUEST_NOTICE);
    clock.increment(1);
    expect(notice()).toBeNull();
    notices.stop();
  });
});
