import { describe, expect } from 'vitest';
import type { EventObject } from 'xstate';
import { friendRequestsMachine, type FriendRequestsContext } from '../../src/features/friends/machines/friendRequests.machine';
import { SocialError } from '../../src/shared/http/people';
import type { RequestsSnapshot } from '../../src/features/discover/services/socialForSession';
import { after, done, failed, isAfter, isDone, isFailed, expectRanOncePlusOncePer, itCoversTheModel, type ReplayEnv } from '../support/modelTest';

const mira = { id: 'm-1', username: 'mira', avatar: 'MI', profilePicture: '' };
const nova = { id: 'm-2', username: 'nova', avatar: 'NO', profilePicture: '' };
const juno = { id: 'm-3', username: 'juno', avatar: 'JU', profilePicture: '' };
// mira is signed in: juno asked her, she asked nova.
const fromJuno = { id: 'r-in', from: juno, to: mira, createdAt: '2026-11-23T20:00:00.000Z', status: 'pending' as const, match: null };
const toNova = { id: 'r-out', from: mira, to: nova, createdAt: '2026-11-23T20:01:00.000Z', status: 'pending' as const, match: null };
const waiting: RequestsSnapshot = { incoming: [fromJuno], outgoing: [toNova], friendIds: [] };
// Later: nova accepted, juno's request was answered.
const novaAccepted: RequestsSnapshot = { incoming: [], outgoing: [], friendIds: ['m-2'] };

const events = [
  done('loadRequests', waiting),
  done('loadRequests', novaAccepted),
  failed('loadRequests', new SocialError('OFFLINE', 'You appear to be offline. Please check your connection and try again.')),
  after('refreshDelay'),
  { type: 'REFRESH' },
  { type: 'VISIBLE' },
  { type: 'ACCEPT', requestId: 'r-in' },
  { type: 'DECLINE', requestId: 'r-in' },
  { type: 'CANCEL', requestId: 'r-out' },
  // Refused: one cannot accept one's own request, nor cancel someone else's.
  { type: 'ACCEPT', requestId: 'r-out' },
  { type: 'CANCEL', requestId: 'r-in' },
  done('answerRequest'),
  failed('answerRequest', new SocialError('REQUEST_NOT_FOUND', 'That friend request no longer exists.')),
  { type: 'DISMISS_NOTICE' },
  failed('watchVisibility', new Error('no document')),
];

const NOW_FRIENDS = "You're now friends with nova!";
const OFFLINE = 'You appear to be offline. Please check your connection and try again.';
const GONE = 'That friend request no longer exists.';

type Step = { event: EventObject; state: { value: unknown } };

/** What the lists and the notice must be after the path, from the fixtures above. */
function oracle(steps: readonly Step[]) {
  let shown: RequestsSnapshot = { incoming: [], outgoing: [], friendIds: [] };
  let notice: string | null = null;
  let error: string | null = null;
  for (const { event, state } of steps) {
    if (isDone('loadRequests')(event)) {
      const output = (event as unknown as { output: RequestsSnapshot }).output;
      // Told only when a request mira had sent is now a friendship.
      if (shown.outgoing.some((r) => r.to.id === 'm-2') && output.friendIds.includes('m-2')) notice = NOW_FRIENDS;
      shown = output;
      error = null;
    }
    if (isFailed('loadRequests')(event)) error = OFFLINE;
    if (isFailed('answerRequest')(event)) error = GONE;
    if (event.type === 'DISMISS_NOTICE') notice = null;
    // An answer that was taken up (not refused) clears the last failure.
    if (['ACCEPT', 'DECLINE', 'CANCEL'].includes(event.type) && state.value === 'answering') error = null;
  }
  return { shown, notice, error };
}

function expectShown(context: FriendRequestsContext, steps: readonly Step[]) {
  const { shown, notice } = oracle(steps);
  expect(context.incoming).toEqual(shown.incoming);
  expect(context.outgoing).toEqual(shown.outgoing);
  expect(context.friendIds).toEqual(shown.friendIds);
  expect(context.notice).toBe(notice);
}

// Every reload is caused by the start, a refresh (one during a load asks again), the tab shown again, 30 s passing or an answer given.
function expectLoads(env: ReplayEnv, events: string[]) {
  const causes = (e: string) => ['REFRESH', 'VISIBLE'].includes(e) || isAfter('refreshDelay')(e) || isDone('answerRequest')(e);
  expectRanOncePlusOncePer({ env, events }, 'loadRequests', causes);
}

describe('friend requests machine (model-based)', () => {
  itCoversTheModel('loads, refreshes every 30 s and when shown, answers only fitting requests (also while the lists load again), and tells the sender of an accepted one', {
    machine: friendRequestsMachine,
    limit: 120,
    events,
    delays: { refreshDelay: 30_000 },
    // A failed visibility watch is logged and changes nothing else: the 30 s refresh goes on.
    provide: (env) => ({ actions: { logWatchFailure: () => env.record('logged') } }),
    states: {
      loading: ({ env, context, events, path }) => {
        expectShown(context, path.steps);
        expectLoads(env, events);
        expect(context.answeringId).toBeNull();
      },
      idle: ({ env, context, events, path }) => {
        expectShown(context, path.steps);
        expectLoads(env, events);
        expect(context.answeringId).toBeNull();
        expect(context.error).toBe(oracle(path.steps).error);
        // The tab's visibility is watched the whole time, by one listener; its failure is only logged.
        expect(env.pending.get('watchVisibility')).toHaveLength(1);
        expect(env.effects).toEqual(events.filter(isFailed('watchVisibility')).map(() => ({ type: 'logged' })));
      },
      answering: ({ env, context, path }) => {
        expectShown(context, path.steps);
        const answer = path.steps.findLast((s) => ['ACCEPT', 'DECLINE', 'CANCEL'].includes(s.event.type) && s.state.matches('answering'));
        const expected = {
          ACCEPT: { requestId: 'r-in', answer: 'accept' },
          DECLINE: { requestId: 'r-in', answer: 'decline' },
          CANCEL: { requestId: 'r-out', answer: 'cancel' },
        }[answer!.event.type];
        expect(env.pending.get('answerRequest')?.at(-1)?.input).toEqual(expected);
        expect(context.answeringId).toBe(expected!.requestId);
        expect(context.error).toBeNull();
      },
    },
  }, { states: 4, transitions: 16, guards: 6 }, 30_000);
});
