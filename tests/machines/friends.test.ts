import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, type SnapshotFrom } from 'xstate';
import { friendsMachine, type FriendsContext } from '../../src/features/friends/machines/friends.machine';
import type { FriendEntry } from '../../src/domain/friends';
import type { User } from '../../src/domain/user';
import { done, failed, isDone, isFailed, expectRanOncePlusOncePer, itCoversTheModel, type ReplayEnv } from '../support/modelTest';

const friends: User[] = [
  { id: 'user-1', username: 'RiffLord', email: 'r@example.com', interests: ['Metal'], personality: 'Loud.', communities: ['Seattle'] },
  { id: 'user-2', username: 'PixelPoet', email: 'p@example.com', interests: ['Indie'], personality: 'Calm.', communities: ['UW'] },
];

// After a friend request was accepted, the list also holds a member friend (no interests, no AI chat).
const refreshed: FriendEntry[] = [...friends, { id: 'm-2', username: 'nova', interests: [], kind: 'member' }];

const LOAD_FAILED = 'Could not load your friends. Please try again.';
const REMOVE_FAILED = 'Could not remove this friend. Please try again.';

// A variable, not an inline literal: testModel takes plain EventObjects and the payloads ride along.
const events = [
  done('loadFriends', friends),
  failed('loadFriends', new Error('broken')),
  { type: 'REMOVE', friendId: 'user-1' },
  { type: 'REMOVE', friendId: 'user-42' },
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
  done('removeFriend'),
  failed('removeFriend', new Error('disk')),
  { type: 'RETRY' },
  { type: 'REFRESH' },
  done('refreshFriends', refreshed),
  failed('refreshFriends', new Error('offline')),
  // The live channel: the member's friends changed, or it opened again (both reload); it dropping does not.
  { type: 'live.received', frame: { type: 'people.changed' } },
  { type: 'live.status', status: 'open' },
  { type: 'live.status', status: 'reconnecting' },
  { type: 'live.received', frame: { type: 'heartbeat' } },
];

// Nothing is removed without CONFIRM, only a listed friend can be asked about, and a done removal takes
// exactly that friend off the list with a status line saying so. A done refresh shows the list the service
// gave (nova, the member friend, included); a failed one keeps the list as it was.
function expectedIds(events: string[]): string[] {
  let ids = ['user-1', 'user-2'];
  for (const event of events) {
    if (isDone('refreshFriends')(event)) ids = ['user-1', 'user-2', 'm-2'];
    if (isDone('removeFriend')(event)) ids = ids.filter((id) => id !== 'user-1');
  }
  return ids;
}

type Step = { event: { type: string; frame?: { type: string }; status?: string; friendId?: string }; state: SnapshotFrom<typeof friendsMachine> };

/** A reason to read the list again: REFRESH, or the live channel saying the friends changed or that it opened again. */
const asksReload = (event: Step['event']) =>
  event.type === 'REFRESH' || (event.type === 'live.received' && event.frame?.type === 'people.changed') || (event.type === 'live.status' && event.status === 'open');

/**
 * How often the list must have been read again: once per reason heard while it is shown or being read
 * (a read asked before the change is asked again), and once after the dialog (and the removal) when a
 * reason came meanwhile or Remove cut a read short.
 */
function expectedRereads(steps: readonly Step[]): number {
  let reads = 0;
  let wanted = false;
  for (let i = 1; i < steps.length; i++) {
    const before = steps[i - 1]!.state;
    const { event } = steps[i]!;
    const browsing = before.matches({ ready: 'idle' }) || before.matches({ ready: 'refreshing' });
    const asking = before.matches({ ready: 'confirming' }) || before.matches({ ready: 'removing' });
    if (asksReload(event) && browsing) reads++;
    if (asksReload(event) && asking) wanted = true;
    if (event.type === 'REMOVE' && before.matches({ ready: 'refreshing' }) && event.friendId === 'user-1') wanted = true;
    const dialogDone = event.type === 'CANCEL' || isDone('removeFriend')(event.type) || isFailed('removeFriend')(event.type);
    if (asking && dialogDone && wanted) {
      reads++;
      wanted = false;
    }
  }
  return reads;
}

function expectList(env: ReplayEnv, context: FriendsContext, events: string[], steps: readonly Step[]) {
  const removals = env.pending.get('removeFriend') ?? [];
  expect(removals.map((d) => d.input)).toEqual(events.filter((e) => e === 'CONFIRM').map(() => ({ friendId: 'user-1' })));
  expect(context.friends.map((f) => f.id)).toEqual(expectedIds(events));
  expect(context.notice).toBe(events.some(isDone('removeFriend')) ? 'RiffLord was removed from your friends.' : null);
  expect(env.pending.get('refreshFriends') ?? []).toHaveLength(expectedRereads(steps));
}

describe('friends machine (model-based)', () => {
  itCoversTheModel('reaches every state and transition; a removal needs a confirmation and removes exactly that friend, Remove works while the list is read again, and no change heard meanwhile is lost', {
    machine: friendsMachine,
    limit: 40,
    events,
    states: {
      loading: (view) => {
        expectRanOncePlusOncePer(view, 'loadFriends', 'RETRY');
        expect(view.context).toEqual({ friends: [], pendingId: null, notice: null, error: null, reloadWanted: false });
      },
      failed: ({ context }) => expect(context.error).toBe(LOAD_FAILED),
      'ready.idle': ({ env, context, events, path }) => {
        expectList(env, context, events, path.steps);
        expect(context.pendingId).toBeNull();
        // A failed removal or refresh is explained until the next confirmation dialog opens.
        const lastOutcome = path.steps.findLast(
          (s) => isFailed('removeFriend')(s.event) || isFailed('refreshFriends')(s.event) || s.state.matches({ ready: 'confirming' }),
        )?.event;
        const expected = isFailed('removeFriend')(lastOutcome) ? REMOVE_FAILED : isFailed('refreshFriends')(lastOutcome) ? LOAD_FAILED : null;
        expect(context.error).toBe(expected);
      },
      // The in-page dialog asks about RiffLord.
      'ready.confirming': ({ env, context, events, path }) => {
        expectList(env, context, events, path.steps);
        expect(context.pendingId).toBe('user-1');
        expect(context.error).toBeNull();
      },
      // The list stays on screen while it is fetched again.
      'ready.refreshing': ({ env, context, events, path }) => {
        expectList(env, context, events, path.steps);
        expect(context.pendingId).toBeNull();
      },
      'ready.removing': ({ env, context, events, path }) => {
        expectList(env, context, events, path.steps);
        expect(context.pendingId).toBe('user-1');
      },
    },
  }, { states: 8, transitions: 23, guards: 10 });
});

describe('friends machine with its actors settled', () => {
  it('names the friend who was removed, also when it is not the first on the list', async () => {
    const actor = createActor(
      friendsMachine.provide({
        actors: { loadFriends: fromPromise(async (): Promise<FriendEntry[]> => friends), removeFriend: fromPromise<unknown, { friendId: string }>(async () => undefined) },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'REMOVE', friendId: 'user-2' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(actor.getSnapshot().context).toMatchObject({ friends: [friends[0]], notice: 'PixelPoet was removed from your friends.' });
  });
});
