import { beforeEach, describe, expect, it, vi } from 'vitest';
import { profileSyncMachine } from '../../src/features/session/machines/profileSync.machine';
import { MemberApiError } from '../../src/shared/http/errors';
import { after, done, eventName, failed, isAfter, isDone, isFailed, modelPaths, pathEvents, testModel, type StateView } from '../support/modelTest';

// A member's profile sync: edits reach the server only after a 1000 ms pause in editing,
// a failed send waits for the browser's `online` event or 30 s and then compares with the server again,
// and a 401 ends the sync (the session is over). Times are literals from the design, not imports.

const events = [
  done('reconcileProfile', { needsPush: true }),
  done('reconcileProfile', { needsPush: false }),
  failed('reconcileProfile', new MemberApiError('OFFLINE')),
  failed('reconcileProfile', new MemberApiError('UNAUTHENTICATED', { status: 401 })),
  { type: 'LOCAL_EDIT' },
  { type: 'ONLINE' },
  // The live channel: the profile was saved on another device.
  { type: 'SAVED_ELSEWHERE' },
  after('syncDelay'),
  after('retryDelay'),
  done('pushProfile', { stillPending: false }),
  done('pushProfile', { stillPending: true }),
  failed('pushProfile', new MemberApiError('SERVER', { status: 500 })),
  failed('pushProfile', new MemberApiError('PICTURE_TOO_LARGE', { status: 413 })),
  failed('pushProfile', new MemberApiError('UNAUTHENTICATED', { status: 401 })),
  // The edges of a refusal: any 4xx but 401 and 429 from the members API; not a 429, not a 5xx, not another error.
  failed('pushProfile', new MemberApiError('INVALID_INPUT', { status: 400 })),
  failed('pushProfile', new MemberApiError('TOO_MANY_REQUESTS', { status: 429 })),
  failed('pushProfile', new MemberApiError('BAD_GATEWAY', { status: 502 })),
  failed('pushProfile', Object.assign(new Error('not from the members API'), { code: 'FOREIGN', status: 403 })),
  // A listener that breaks is logged; the sync goes on (edits are still marked pending in storage).
  failed('watchLocalEdits', new Error('storage events unavailable')),
  failed('watchConnectivity', new Error('no window')),
  failed('watchSavedElsewhere', new Error('no live channel')),
];

type Step = { type: string; output?: { needsPush?: boolean; stillPending?: boolean }; error?: { code: string } };

function delayOf(type: string): number {
  if (isAfter('syncDelay')(type)) return 1000;
  if (isAfter('retryDelay')(type)) return 30_000;
  return 0;
}

// Failed calls are logged by design; the replays make hundreds of them on purpose.
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

type View = StateView<typeof profileSyncMachine>;

// Listener failures change nothing a person sees; the expectations look at the other steps.
const listeners = ['watchLocalEdits', 'watchConnectivity', 'watchSavedElsewhere'];
const seenSteps = (view: View) => pathEvents(view.path).filter((e) => !listeners.some((listener) => isFailed(listener)(e))) as Step[];

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
          if (seenSteps(view).length > 0) expect(['ONLINE', 'after retryDelay', 'SAVED_ELSEWHERE']).toContain(eventName(lastSeen(view)));
          if (lastSeen(view)?.type === 'SAVED_ELSEWHERE') expect(['idle', 'waitingForNetwork']).toContain(view.path.steps.at(-2)?.state.value);
          observed(view);
        },
        // Nothing is left to send.
        idle: (view) => {
          const last = lastSeen(view);
          expect(isDone('reconcileProfile')(last) ? last?.output?.needsPush : last?.output?.stillPending).toBe(false);
          observed(view);
        },
        // An edit, or one that arrived during a send, waits for a pause before anything is sent.
        debouncing: (view) => {
          const last = lastSeen(view);
          expect(last?.type === 'LOCAL_EDIT' || (isDone('pushProfile')(last) && last?.output?.stillPending)).toBe(true);
          observed(view);
        },
        // A send starts right after the server turned out older, or after exactly 1000 ms without an edit.
        pushing: (view) => {
          const steps = seenSteps(view);
          const last = steps.at(-1);
          if (isDone('reconcileProfile')(last)) expect(last?.output?.needsPush).toBe(true);
          else {
            expect(eventName(last)).toBe('after syncDelay');
            let quiet = 0;
            for (const e of [...steps].reverse()) {
              if (e.type === 'LOCAL_EDIT' || (isDone('pushProfile')(e) && e.output?.stillPending)) break;
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
