import { beforeEach, describe, expect, it, vi } from 'vitest';
import { profileSyncMachine } from '../../src/machines/profileSync.machine';
import { MemberApiError } from '../../src/services/members/errors';
import { runModel } from '../support/modelTest';

// A member's profile sync (issue 12): edits reach the server only after a 1000 ms pause in editing,
// a failed send waits for the browser's `online` event or 30 s and then compares with the server again,
// and a 401 ends the sync (the session is over). Times are literals from the design, not imports.

const events = [
  { type: 'xstate.done.actor.reconcileProfile', output: { needsPush: true } },
  { type: 'xstate.done.actor.reconcileProfile', output: { needsPush: false } },
  { type: 'xstate.error.actor.reconcileProfile', error: new MemberApiError('OFFLINE') },
  { type: 'xstate.error.actor.reconcileProfile', error: new MemberApiError('UNAUTHENTICATED', { status: 401 }) },
  { type: 'LOCAL_EDIT' },
  { type: 'ONLINE' },
  { type: 'xstate.after.syncDelay.profileSync.debouncing' },
  { type: 'xstate.after.retryDelay.profileSync.waitingForNetwork' },
  { type: 'xstate.done.actor.pushProfile', output: { stillPending: false } },
  { type: 'xstate.done.actor.pushProfile', output: { stillPending: true } },
  { type: 'xstate.error.actor.pushProfile', error: new MemberApiError('SERVER', { status: 500 }) },
  { type: 'xstate.error.actor.pushProfile', error: new MemberApiError('PICTURE_TOO_LARGE', { status: 413 }) },
  { type: 'xstate.error.actor.pushProfile', error: new MemberApiError('UNAUTHENTICATED', { status: 401 }) },
  // A listener that breaks is logged; the sync goes on (edits are still marked pending in storage).
  { type: 'xstate.error.actor.watchLocalEdits', error: new Error('storage events unavailable') },
  { type: 'xstate.error.actor.watchConnectivity', error: new Error('no window') },
];

type Step = { type: string; output?: { needsPush?: boolean; stillPending?: boolean }; error?: MemberApiError };

function delayOf(type: string): number {
  if (type.startsWith('xstate.after.syncDelay')) return 1000;
  if (type.startsWith('xstate.after.retryDelay')) return 30_000;
  return 0;
}

// Failed calls are logged by design; the replays make hundreds of them on purpose.
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('profile sync machine (model-based)', () => {
  it('sends after a 1000 ms pause, retries on `online` or after 30 s, waits for an edit after a refusal, and ends on a 401', async () => {
    const count = await runModel({
      machine: profileSyncMachine,
      input: { memberId: 'm-1' },
      events,
      limit: 500,
      check: ({ env, snapshot, path }) => {
        // Listener failures change nothing a person sees; the checks look at the other steps.
        const steps = path.steps.map((s) => s.event as Step).filter((e) => e.type !== 'xstate.init' && !e.type.startsWith('xstate.error.actor.watch'));
        const last = steps.at(-1);
        const elapsed = steps.reduce((sum, e) => sum + delayOf(e.type), 0);
        expect(env.clock.now()).toBe(elapsed);

        // Every call is for this member.
        for (const d of [...(env.pending.get('reconcileProfile') ?? []), ...(env.pending.get('pushProfile') ?? [])]) {
          expect(d.input).toEqual({ memberId: 'm-1' });
        }

        // A send starts right after the server turned out older, or after exactly 1000 ms without an edit.
        if (snapshot.matches('pushing')) {
          if (last?.type === 'xstate.done.actor.reconcileProfile') expect(last.output?.needsPush).toBe(true);
          else {
            expect(last?.type).toBe('xstate.after.syncDelay.profileSync.debouncing');
            let quiet = 0;
            for (const e of [...steps].reverse()) {
              if (e.type === 'LOCAL_EDIT' || (e.type === 'xstate.done.actor.pushProfile' && e.output?.stillPending)) break;
              quiet += delayOf(e.type);
            }
            expect(quiet).toBe(1000);
          }
        }
        // An edit, or one that arrived during a send, waits for a pause before anything is sent.
        if (snapshot.matches('debouncing')) {
          expect(last?.type === 'LOCAL_EDIT' || (last?.type === 'xstate.done.actor.pushProfile' && last.output?.stillPending)).toBe(true);
        }
        // Nothing is left to send when idle.
        if (snapshot.matches('idle')) {
          expect(last?.type === 'xstate.done.actor.reconcileProfile' ? last.output?.needsPush : last?.output?.stillPending).toBe(false);
        }
        // A failed call that is not a 401 waits for the network; coming back (or 30 s) starts with a comparison.
        if (snapshot.matches('waitingForNetwork')) expect(last?.error?.code).not.toBe('UNAUTHENTICATED');
        if (snapshot.matches('reconciling') && steps.length > 0) {
          expect(['ONLINE', 'xstate.after.retryDelay.profileSync.waitingForNetwork']).toContain(last?.type);
        }
        // A profile the server refused is not resent on its own: only a new edit tries again.
        if (snapshot.matches('refused')) expect(last?.error?.code).toBe('PICTURE_TOO_LARGE');
        if (last?.type === 'LOCAL_EDIT' && path.steps.at(-2)?.state.matches('refused')) expect(snapshot.value).toBe('debouncing');
        if (snapshot.matches('waitingForNetwork')) expect(['OFFLINE', 'SERVER']).toContain(last?.error?.code);
        // A 401 ends the sync and tells the session so.
        if (snapshot.matches('sessionEnded')) {
          expect(last?.error?.code).toBe('UNAUTHENTICATED');
          expect(snapshot.status).toBe('done');
          expect(snapshot.output).toEqual({ sessionEnded: true });
        } else {
          expect(snapshot.status).toBe('active');
        }
      },
    });
    expect(count).toBeGreaterThan(20);
  }, 60_000);
});
