import { describe, expect, it } from 'vitest';
import { privacySafetyMachine } from '../../src/features/settings/machines/privacySafety.machine';
import { done, failed, isDone, isFailed, pathEvents, testModel, type ModelEvent, type StateView } from '../support/modelTest';

// Settings' 'Privacy and safety' (docs/product.md): a member's choices start at the defaults (Everyone, read
// receipts and typing sent, others' read receipts shown), then show what the server keeps; a change shows at once and is saved whole; a
// refused save puts every choice back where the server last had it, with the screen's words.

interface Safety {
  friendRequests: string;
  sendReadReceipts: boolean;
  sendTypingIndicator: boolean;
  showReadReceipts: boolean;
}

const DEFAULTS: Safety = { friendRequests: 'everyone', sendReadReceipts: true, sendTypingIndicator: true, showReadReceipts: true };
const KEPT: Safety = { friendRequests: 'friendsOfFriends', sendReadReceipts: false, sendTypingIndicator: true, showReadReceipts: true };
const LOAD_FAILED = 'Could not load your privacy and safety settings.';
const SAVE_FAILED = 'Could not save your privacy and safety settings. Please try again.';

const events = [
  done('loadSafety', KEPT),
  failed('loadSafety', new Error('offline')),
  { type: 'RETRY' },
  { type: 'CHOOSE_FRIEND_REQUESTS', value: 'noOne' },
  { type: 'CHOOSE_FRIEND_REQUESTS', value: 'everyone' },
  { type: 'TOGGLE_READ_RECEIPTS' },
  { type: 'TOGGLE_TYPING' },
  { type: 'TOGGLE_SHOW_READ_RECEIPTS' },
  // The server answers what it keeps: here, what was last asked of it, or a refusal.
  done('saveSafety', { friendRequests: 'noOne', sendReadReceipts: false, sendTypingIndicator: false, showReadReceipts: false }),
  failed('saveSafety', new Error('refused')),
];

/** What a person should see after these events, worked out from the contract, not from the machine. */
function expected(steps: ModelEvent[]): { shown: Safety; confirmed: Safety; error: string | null } {
  let shown = DEFAULTS;
  let confirmed = DEFAULTS;
  let error: string | null = null;
  for (const event of steps) {
    if (isDone('loadSafety')(event) || isDone('saveSafety')(event)) {
      shown = event.output as Safety;
      confirmed = shown;
    } else if (isFailed('loadSafety')(event)) error = LOAD_FAILED;
    else if (isFailed('saveSafety')(event)) {
      shown = confirmed;
      error = SAVE_FAILED;
    } else if (event.type === 'RETRY') error = null;
    else if (event.type === 'CHOOSE_FRIEND_REQUESTS') [shown, error] = [{ ...shown, friendRequests: event.value as string }, null];
    else if (event.type === 'TOGGLE_READ_RECEIPTS') [shown, error] = [{ ...shown, sendReadReceipts: !shown.sendReadReceipts }, null];
    else if (event.type === 'TOGGLE_TYPING') [shown, error] = [{ ...shown, sendTypingIndicator: !shown.sendTypingIndicator }, null];
    else if (event.type === 'TOGGLE_SHOW_READ_RECEIPTS') [shown, error] = [{ ...shown, showReadReceipts: !shown.showReadReceipts }, null];
  }
  return { shown, confirmed, error };
}

type View = StateView<typeof privacySafetyMachine>;

function shows(view: View) {
  const want = expected(pathEvents(view.path));
  expect(view.context.safety).toEqual(want.shown);
  expect(view.context.error).toBe(want.error);
  return want;
}

describe("'Privacy and safety' machine (model-based)", () => {
  it('shows what the server keeps, saves each change whole, and puts a refused change back', async () => {
    const report = await testModel({
      machine: privacySafetyMachine,
      events,
      limit: 400,
      states: {
        loading: (view: View) => {
          shows(view);
          expect(view.context.safety).toEqual(DEFAULTS);
          expect(view.env.pending.get('loadSafety')).toHaveLength(1 + view.events.filter((e) => e === 'RETRY').length);
        },
        failed: (view: View) => expect(shows(view).error).toBe(LOAD_FAILED),
        'ready.saved': (view: View) => {
          shows(view);
        },
        'ready.saving': (view: View) => {
          const want = shows(view);
          // The save in flight carries every choice as shown: the server gets the whole, never a part.
          expect(view.env.pending.get('saveSafety')?.at(-1)?.input).toEqual(want.shown);
        },
      },
    });
    expect(report).toMatchObject({ states: 6, transitions: 9 });
  });
});
