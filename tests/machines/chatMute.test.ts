import { afterEach, beforeEach, describe, expect, vi } from 'vitest';
import { chatMuteMachine } from '../../src/features/chat/machines/chatMute.machine';
import { done, failed, isDone, isFailed, itCoversTheModel, pathEvents, type ModelEvent, type StateView } from '../support/modelTest';

// Muting a member chat from its More actions menu (docs/product.md): the menu offers nothing until the
// server says whether the chat is muted; then 'Mute' or 'Unmute' flips at once and is saved; a refused
// save puts back what the server last said, in the chat's words; a change on another tab or device (a
// 'mute.changed' frame for this chat) shows at once, one for another chat changes nothing.

const FAILED = 'Could not change whether this chat is muted. Please try again.';

const events = [
  done('loadMute', false),
  done('loadMute', true),
  failed('loadMute', new Error('offline')),
  { type: 'TOGGLE_MUTE' },
  // The server answers what it keeps.
  done('saveMute', true),
  done('saveMute', false),
  failed('saveMute', new Error('refused')),
  { type: 'live.received', frame: { type: 'mute.changed', friendId: 'f-1', muted: true } },
  { type: 'live.received', frame: { type: 'mute.changed', friendId: 'f-1', muted: false } },
  { type: 'live.received', frame: { type: 'mute.changed', friendId: 'f-2', muted: true } },
  { type: 'live.status', status: 'open' },
  { type: 'live.status', status: 'reconnecting' },
  failed('liveLink', new Error('gone')),
];

/** What the menu should show after these events, from the contract alone. */
function expected(steps: ModelEvent[]): { known: boolean; muted: boolean; error: string | null } {
  let known = false;
  let muted = false;
  let confirmed = false;
  let saving = false;
  let error: string | null = null;
  for (const event of steps) {
    if (isDone('loadMute')(event) || isDone('saveMute')(event)) [known, muted, confirmed, saving] = [true, event.output as boolean, event.output as boolean, false];
    else if (isFailed('loadMute')(event)) known = false;
    else if (isFailed('saveMute')(event)) [muted, error, saving] = [confirmed, FAILED, false];
    else if (event.type === 'TOGGLE_MUTE' && known) [muted, error, saving] = [!muted, null, true];
    // While a save is in flight, its answer decides.
    else if (event.type === 'live.received' && known && !saving) {
      const frame = event.frame as { friendId: string; muted: boolean };
      if (frame.friendId === 'f-1') [muted, confirmed] = [frame.muted, frame.muted];
    }
  }
  return { known, muted, error };
}

type View = StateView<typeof chatMuteMachine>;

function shows(view: View) {
  const want = expected(pathEvents(view.path));
  expect(view.snapshot.matches('ready')).toBe(want.known);
  if (want.known) expect(view.context.muted).toBe(want.muted);
  expect(view.context.error).toBe(want.error);
  return want;
}

describe('chat mute machine (model-based)', () => {
  beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => vi.restoreAllMocks());

  itCoversTheModel('offers Mute or Unmute once known, saves each change, puts a refused one back, and follows other tabs', {
    machine: chatMuteMachine,
    input: { friendId: 'f-1' },
    events,
    limit: 200,
    states: {
      loading: (view: View) => {
        shows(view);
        // Loaded once as the chat opens, and again each time the channel reopens after a failed load.
        const reopenedAfterFailure = view.path.steps.filter((step, i) => {
          const event = step.event as { type: string; status?: string };
          return event.type === 'live.status' && event.status === 'open' && view.path.steps[i - 1]?.state.value === 'unknown';
        }).length;
        expect(view.env.pending.get('loadMute')).toHaveLength(1 + reopenedAfterFailure);
        expect(view.env.pending.get('loadMute')?.at(-1)?.input).toEqual({ friendId: 'f-1' });
      },
      unknown: (view: View) => expect(shows(view).known).toBe(false),
      'ready.saved': (view: View) => {
        shows(view);
      },
      'ready.saving': (view: View) => {
        const want = shows(view);
        // The save in flight asks for what the menu shows.
        expect(view.env.pending.get('saveMute')?.at(-1)?.input).toEqual({ friendId: 'f-1', muted: want.muted });
      },
    },
  }, { states: 6, transitions: 8, guards: 2 });
});
