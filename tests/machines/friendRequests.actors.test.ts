// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { watchVisibility } from '../../src/features/friends/actors/friends.actors';
import { friendRequestsMachine } from '../../src/features/friends/machines/friendRequests.machine';
import type { RequestsSnapshot } from '../../src/features/discover/services/socialForSession';

// The friend requests actor with its real tab-visibility watcher (the requests come from a recording fake):
// a tab shown again reloads at once, a hidden one does not.

const mira = { id: 'm-1', username: 'mira', avatar: 'MI', profilePicture: '' };
const nova = { id: 'm-2', username: 'nova', avatar: 'NO', profilePicture: '' };
const juno = { id: 'm-3', username: 'juno', avatar: 'JU', profilePicture: '' };
const toNova = { id: 'r-1', from: mira, to: nova, createdAt: '2026-11-23T20:01:00.000Z', status: 'pending' as const, match: null };
const toJuno = { id: 'r-2', from: mira, to: juno, createdAt: '2026-11-23T20:02:00.000Z', status: 'pending' as const, match: null };

function start(answers: RequestsSnapshot[]) {
  let loads = 0;
  const machine = friendRequestsMachine.provide({
    actors: {
      watchVisibility,
      loadRequests: fromPromise(() => {
        loads += 1;
        return Promise.resolve(answers[Math.min(loads, answers.length) - 1]!);
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, loads: () => loads };
}

const setVisibility = (state: DocumentVisibilityState) => {
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(state);
  document.dispatchEvent(new Event('visibilitychange'));
};

afterEach(() => vi.restoreAllMocks());

describe('friend requests (own watcher)', () => {
  it('reloads when the tab is shown again, not when it is hidden', async () => {
    const { actor, loads } = start([{ incoming: [], outgoing: [], friendIds: [] }]);
    await waitFor(actor, (s) => s.matches('idle'));
    expect(loads()).toBe(1);
    setVisibility('hidden');
    expect(actor.getSnapshot().value).toBe('idle');
    setVisibility('visible');
    expect(actor.getSnapshot().value).toBe('loading');
    await waitFor(actor, (s) => s.matches('idle'));
    expect(loads()).toBe(2);
    actor.stop();
  });

  it('stops watching the tab when stopped', () => {
    const added = vi.spyOn(document, 'addEventListener');
    const removed = vi.spyOn(document, 'removeEventListener');
    const { actor } = start([{ incoming: [], outgoing: [], friendIds: [] }]);
    const watching = added.mock.calls.filter(([type]) => type === 'visibilitychange');
    expect(watching).toHaveLength(1);
    actor.stop();
    expect(removed).toHaveBeenCalledWith('visibilitychange', watching[0]![1]);
  });

  it('logs a watcher that cannot start and still loads', async () => {
    const failure = new Error('no document');
    vi.spyOn(document, 'addEventListener').mockImplementation(() => {
      throw failure;
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { actor, loads } = start([{ incoming: [], outgoing: [], friendIds: [] }]);
    expect(logged).toHaveBeenCalledWith('Watching the tab visibility failed', failure);
    await waitFor(actor, (s) => s.matches('idle'));
    expect(loads()).toBe(1);
    actor.stop();
  });

  it('names every friend who accepted since the last load, in one notice', async () => {
    const { actor } = start([
      { incoming: [], outgoing: [toNova, toJuno], friendIds: [] },
      { incoming: [], outgoing: [], friendIds: ['m-2', 'm-3'] },
    ]);
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'REFRESH' });
    await waitFor(actor, (s) => s.matches('idle'));
    expect(actor.getSnapshot().context.notice).toBe("You're now friends with nova! You're now friends with juno!");
    actor.stop();
  });
});
