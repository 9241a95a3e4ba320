import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { friendsMachine, type FriendsContext } from '../../src/machines/friends.machine';
import type { User } from '../../src/domain/user';
import { testModel, type ReplayEnv } from '../support/modelTest';

const friends: User[] = [
  { id: 'user-1', username: 'RiffLord', email: 'r@example.com', interests: ['Metal'], personality: 'Loud.', communities: ['Seattle'] },
  { id: 'user-2', username: 'PixelPoet', email: 'p@example.com', interests: ['Indie'], personality: 'Calm.', communities: ['UW'] },
];

const LOAD_FAILED = 'Could not load your friends. Please try again.';
const REMOVE_FAILED = 'Could not remove this friend. Please try again.';

// A variable, not an inline literal: testModel takes plain EventObjects and the payloads ride along.
const events = [
  { type: 'xstate.done.actor.loadFriends', output: friends },
  { type: 'xstate.error.actor.loadFriends', error: new Error('broken') },
  { type: 'REMOVE', friendId: 'user-1' },
  { type: 'REMOVE', friendId: 'user-42' },
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
  { type: 'xstate.done.actor.removeFriend' },
  { type: 'xstate.error.actor.removeFriend', error: new Error('disk') },
  { type: 'RETRY' },
];

// Nothing is removed without CONFIRM, only a listed friend can be asked about, and a done removal takes
// exactly that friend off the list with a status line saying so.
function expectList(env: ReplayEnv, context: FriendsContext, events: string[]) {
  const removals = env.pending.get('removeFriend') ?? [];
  expect(removals.map((d) => d.input)).toEqual(events.includes('CONFIRM') ? [{ friendId: 'user-1' }] : []);
  const removed = events.includes('xstate.done.actor.removeFriend');
  expect(context.friends.map((f) => f.id)).toEqual(removed ? ['user-2'] : ['user-1', 'user-2']);
  expect(context.notice).toBe(removed ? 'RiffLord was removed from your friends.' : null);
}

describe('friends machine (model-based)', () => {
  it('reaches every state and transition; a removal needs a confirmation and removes exactly that friend', async () => {
    const report = await testModel({
      machine: friendsMachine,
      limit: 20,
      events,
      states: {
        loading: ({ env, context, events }) => {
          expect(env.pending.get('loadFriends')).toHaveLength(1 + events.filter((e) => e === 'RETRY').length);
          expect(context).toEqual({ friends: [], pendingId: null, notice: null, error: null });
        },
        failed: ({ context }) => expect(context.error).toBe(LOAD_FAILED),
        'ready.idle': ({ env, context, events, path }) => {
          expectList(env, context, events);
          expect(context.pendingId).toBeNull();
          // A failed removal is explained until the next confirmation dialog opens.
          const lastOutcome = path.steps.findLast((s) => s.event.type === 'xstate.error.actor.removeFriend' || s.state.matches({ ready: 'confirming' }));
          expect(context.error).toBe(lastOutcome?.event.type === 'xstate.error.actor.removeFriend' ? REMOVE_FAILED : null);
        },
        // The in-page dialog asks about RiffLord.
        'ready.confirming': ({ env, context, events }) => {
          expectList(env, context, events);
          expect(context.pendingId).toBe('user-1');
          expect(context.error).toBeNull();
        },
        'ready.removing': ({ env, context, events }) => {
          expectList(env, context, events);
          expect(context.pendingId).toBe('user-1');
        },
      },
    });
    expect(report).toMatchObject({ states: 7, transitions: 8, guards: 1 });
  });
});

describe('friends machine with its actors settled', () => {
  it('names the friend who was removed, also when it is not the first on the list', async () => {
    const actor = createActor(
      friendsMachine.provide({
        actors: { loadFriends: fromPromise(async () => friends), removeFriend: fromPromise(async (): Promise<void> => {}) },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'REMOVE', friendId: 'user-2' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(actor.getSnapshot().context).toMatchObject({ friends: [friends[0]], notice: 'PixelPoet was removed from your friends.' });
  });
});
