import { beforeEach, describe, expect, it, vi } from 'vitest';
import { profileSyncMachine } from '../../src/features/session/machines/profileSync.machine';
import { MemberApiError } from '../../src/shared/http/errors';
import { modelPaths, testModel, type StateView } from '../support/modelTest';

// A member's profile sync: edits reach the server only after a 1000 ms pause in editing,
// a failed send waits for the browser's `online` event or 30 s and then compares with the server again,
// and a 401 ends the sync (the session is over). Times are literals from the design, not imports.

const events = [
  { type: 'xstate.done.actor.reconcileProfile', output: { needsPush: true } },
  { type: 'xstate.done.actor.reconcileProfile', output: { needsPush: false } },
  { type: 'xstate.error.actor.reconcileProfile', error: new MemberApiError('OFFLINE') },
  { type: 'xstate.error.actor.reconcileProfile', error: new MemberApiError('UNAUTHENTICATED', { status: 401 }) },
  { type: 'LOCAL_EDIT' },
  { type: 'ONLINE' },
  // The live channel: the profile was saved on another device.
  { type: 'SAVED_ELSEWHERE' },
  { type: 'xstate.after.syncDelay.profileSync.debouncing' },
  { type: 'xstate.after.retryDelay.profileSync.waitingForNetwork' },
  { type: 'xstate.done.actor.pushProfile', output: { stillPending: false } },
  { type: 'xstate.done.actor.pushProfile', output: { stillPending: true } },
  { type: 'xstate.error.actor.pushProfile', error: new MemberApiError('SERVER', { status: 500 }) },
  { type: 'xstate.error.actor.pushProfile', error: new MemberApiError('PICTURE_TOO_LARGE', { status: 413 }) },
  { type: 'xstate.error.actor.pushProfile', error: new MemberApiError('UNAUTHENTICATED', { status: 401 }) },
  // The edges of a refusal: any 4xx but 401 and 429 from the members API; not a 429, not a 5xx, not another error.
  { type: 'xstate.error.actor.pushProfile', error: new MemberApiError('INVALID_INPUT', { status: 400 }) },
  { type: 'xstate.error.actor.pushProfile', error: new MemberApiError('TOO_MANY_REQUESTS', { status: 429 }) },
  { type: 'xstate.error.actor.pushProfile', error: new MemberApiError('BAD_GATEWAY', { status: 502 }) },
  { type: 'xstate.error.actor.pushProfile', error: Object.assign(new Error('not from the members API'), { code: 'FOREIGN', status: 403 }) },
  // A listener that breaks is logged; the sync goes on (edits are still marked pending in storage).
  { type: 'xstate.error.actor.watchLocalEdits', error: new Error('storage events unavailable') },
  { type: 'xstate.error.actor.watchConnectivity', error: new Error('no window') },
  { type: 'xstate.error.actor.watchSavedElsewhere', error: new Error('no live channel') },
];

type Step = { type: string; output?: { needsPush?: boolean; stillPending?: boolean }; error?: { code: string } };

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

type View = StateView<typeof profileSyncMachine>;

// Listener failures change nothing a person sees; the expectations look at the other steps.
const seenSteps = (view: View) =>
  view.path.steps.map((s) => s.event as Step).filter((e) => e.type !== 'xstate.init' && !e.type.startsWith('xstate.error.actor.watch'));

/** What holds in every state: the clock moved only by the waits taken, every call is for this member, the sync runs until a 401. */
function observed(view: View) {
  const steps = seenSteps(view);
  expect(view.env.clock.now()).toBe(steps.reduce((sum, e) => sum + delayOf(e.type), 0));
  for (const d of [...(view.env.pending.get('reconcileProfile') ?? []), ...(view.env.pending.get('pushProfile') ?? [])]) {
    expect(d.input).toEqual({ memberId: 'm-1' });
  }
  expect(view.snapshot.status).toBe(view.snapshot.matches('sessionEnded') ? 'done' : 'active');
}

const lastSeen = (view: View) => seenSteps(view).at(-1);

describe('profile sync machine (model-based)', () => {
  it('sends after a 1000 ms pause, retries on `online` or after 30 s, waits for an edit after a refusal, and ends on a 401', async () => {
    const report = await testModel({
      machine: profileSyncMachine,
      input: { memberId: 'm-1' },
      events,
      limit: 500,
      delays: { syncDelay: 1000, retryDelay: 30_000 },
      states: {
        // Comparing with the server: at start, once the network is back (the `online` event or 30 s later), or when
        // the profile was saved on another device while nothing was on its way from here.
        reconciling: (view) => {
          if (seenSteps(view).length > 0) expect(['ONLINE', 'xstate.after.retryDelay.profileSync.waitingForNetwork', 'SAVED_ELSEWHERE']).toContain(lastSeen(view)?.type);
          if (lastSeen(view)?.type === 'SAVED_ELSEWHERE') expect(['idle', 'waitingForNetwork']).toContain(view.path.steps.at(-2)?.state.value);
          observed(view);
        },
        // Nothing is left to send.
        idle: (view) => {
          const last = lastSeen(view);
          expect(last?.type === 'xstate.done.actor.reconcileProfile' ? last.output?.needsPush : last?.output?.stillPending).toBe(false);
          observed(view);
        },
        // An edit, or one that arrived during a send, waits for a pause before anything is sent.
        debouncing: (view) => {
          const last = lastSeen(view);
          expect(last?.type === 'LOCAL_EDIT' || (last?.type === 'xstate.done.actor.pushProfile' && last.output?.stillPending)).toBe(true);
          observed(view);
        },
        // A send starts right after the server turned out older, or after exactly 1000 ms without an edit.
        pushing: (view) => {
          const steps = seenSteps(view);
          const last = steps.at(-1);
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
          observed(view);
        },
        // A failed call that is not a 401 or a refusal waits for the network.
        waitingForNetwork: (view) => {
          expect(['OFFLINE', 'SERVER', 'TOO_MANY_REQUESTS', 'BAD_GATEWAY', 'FOREIGN']).toContain(lastSeen(view)?.error?.code);
          observed(view);
        },
        // A profile the server refused is not resent on its own: only a new edit tries again.
        refused: (view) => {
          expect(['PICTURE_TOO_LARGE', 'INVALID_INPUT']).toContain(lastSeen(view)?.error?.code);
          observed(view);
        },
        // A 401 ends the sync and tells the session so.
        sessionEnded: (view) => {
          expect(lastSeen(view)?.error?.code).toBe('UNAUTHENTICATED');
          expect(view.snapshot.output).toEqual({ sessionEnded: true });
          observed(view);
        },
      },
    });
    expect(report.paths).toBeGreaterThan(20);
  }, 60_000);

  it('leaves a refusal for a new edit, which waits for a pause', () => {
    const paths = modelPaths({ machine: profileSyncMachine, input: { memberId: 'm-1' }, events });
    const fromRefused = paths.filter((p) => p.steps.at(-2)?.state.matches('refused') && p.steps.at(-1)!.event.type === 'LOCAL_EDIT');
    expect(fromRefused.length).toBeGreaterThan(0);
    for (const p of fromRefused) expect(p.target.value).toBe('debouncing');
  });
});
