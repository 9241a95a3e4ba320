import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { blockedPeopleMachine } from '../../src/features/safety/machines/blockedPeople.machine';
import { ExplainedError } from '../../src/domain/explainedError';
import { done, failed, isDone, isFailed, expectRanOncePlusOncePer, itCoversTheModel } from '../support/modelTest';

const nova = { id: 'm-2', username: 'nova', avatar: 'NO', profilePicture: '', blockedAt: '2026-11-23T20:00:00.000Z' };
const kai = { id: 'm-3', username: 'kai', avatar: 'KA', profilePicture: '', blockedAt: '2026-11-23T20:01:00.000Z' };
const OFFLINE = 'You appear to be offline. Please check your connection and try again.';
const SERVER = 'Something went wrong on the server. Please try again.';

const events = [
  done('loadBlocked', [nova, kai]),
  failed('loadBlocked', new ExplainedError(SERVER)),
  { type: 'RETRY' },
  { type: 'UNBLOCK', userId: 'm-2' },
  // Someone not on the list (a stale button): nothing happens.
  { type: 'UNBLOCK', userId: 'm-9' },
  done('unblock'),
  failed('unblock', new ExplainedError(OFFLINE)),
];

describe('blocked people machine (model-based)', () => {
  itCoversTheModel('lists, unblocks only a listed person, and says what failed', { machine: blockedPeopleMachine, limit: 30, events, states: {
    loading: (view) => {
      expectRanOncePlusOncePer(view, 'loadBlocked', 'RETRY');
      expect(view.context).toEqual({ people: [], pendingId: null, notice: null, error: null });
    },
    failed: ({ context }) => expect(context.error).toBe(SERVER),
    'ready.idle': ({ context, events, path }) => {
      const decisive = path.steps.findLast((s) => isFailed('unblock')(s.event) || (s.event as { userId?: string }).userId === 'm-2');
      const unblocked = events.some(isDone('unblock'));
      expect(context.people.map((p) => p.username)).toEqual(unblocked ? ['kai'] : ['nova', 'kai']);
      expect(context.pendingId).toBeNull();
      expect(context.notice).toBe(unblocked ? 'nova is unblocked.' : null);
      expect(context.error).toBe(isFailed('unblock')(decisive?.event) ? OFFLINE : null);
    },
    'ready.unblocking': ({ env, context }) => {
      expect(env.pending.get('unblock')?.at(-1)?.input).toEqual({ userId: 'm-2' });
      expect(context).toMatchObject({ pendingId: 'm-2', notice: null, error: null });
    },
  } }, { states: 6, guards: 1 });

  it('names the person unblocked, not the first on the list', async () => {
    const machine = blockedPeopleMachine.provide({
      actors: { loadBlocked: fromPromise(async () => [nova, kai]), unblock: fromPromise<unknown, { userId: string }>(async () => undefined) },
    });
    const actor = createActor(machine).start();
    await waitFor(actor, (s) => s.context.people.length === 2);
    actor.send({ type: 'UNBLOCK', userId: 'm-3' });
    await waitFor(actor, (s) => s.context.notice !== null);
    expect(actor.getSnapshot().context.notice).toBe('kai is unblocked.');
    expect(actor.getSnapshot().context.people.map((p) => p.username)).toEqual(['nova']);
    actor.stop();
  });
});
