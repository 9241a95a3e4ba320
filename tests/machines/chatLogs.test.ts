import { describe, expect } from 'vitest';
import { buildChatLog, welcomeMessage } from '../../src/domain/chat';
import { AppError } from '../../src/domain/errors';
import { chatLogsMachine } from '../../src/features/chat/machines/chatLogs.machine';
import { done, failed, isDone, itCoversTheModel, type StateView } from '../support/modelTest';

const NOW = 1_767_225_600_000;
const LOG = buildChatLog('Patch Notes', [welcomeMessage('Welcome!', NOW)], NOW);
const LOGS_LOAD_FAILED = 'Could not load the chat logs. Please try again.';
const STORAGE_FULL =
  'Your browser storage is full, so this change could not be saved. Free some space (for example Settings → Clear App Data) and try again.';
type View = StateView<typeof chatLogsMachine>;

/** The game's own list is read afresh each time the logs open (and on each retry), never otherwise. */
function loadsOnEachOpening({ env, path }: View) {
  for (const load of env.pending.get('loadChatLogs') ?? []) expect(load.input).toEqual({ game: 'patchnotes' });
  const loads = path.steps.filter((s) => (s.state).matches({ logs: 'loading' })).length;
  expect(env.pending.get('loadChatLogs')?.length ?? 0).toBe(loads);
}

/** Nothing is listed before a list was read; after that the last list read stays until the next one. */
function listsWhatWasRead({ context, path }: View) {
  const read = path.steps.some((s) => isDone('loadChatLogs')(s.event));
  expect(context.logs).toEqual(read ? [LOG] : []);
}

describe('chat logs machine (model-based)', () => {
  itCoversTheModel("toggles chat ↔ logs, loading the game's list each time; failures show a text and can be retried", {
    machine: chatLogsMachine,
    input: { game: 'patchnotes' },
    limit: 20,
    events: [
      { type: 'TOGGLE' },
      { type: 'RETRY' },
      done('loadChatLogs', [LOG]),
      failed('loadChatLogs', new Error('unreadable')),
      failed('loadChatLogs', new AppError('STORAGE_FULL')),
      { type: 'OPEN', index: 0 },
      // Only one log is listed: asking for a second one, or for a place that is no log, opens nothing.
      { type: 'OPEN', index: 1 },
      { type: 'OPEN', index: -1 },
      { type: 'OPEN', index: 0.5 },
      { type: 'CLOSE' },
    ],
    states: {
      chat: (v) => {
        loadsOnEachOpening(v);
        listsWhatWasRead(v);
        expect(v.context.error).toBeNull();
        expect(v.context.openIndex).toBeNull();
      },
      'logs.loading': (v) => {
        loadsOnEachOpening(v);
        listsWhatWasRead(v);
        expect(v.context.error).toBeNull();
      },
      'logs.ready': (v) => {
        loadsOnEachOpening(v);
        expect(v.context.logs).toEqual([LOG]);
        expect(v.context.error).toBeNull();
        expect(v.context.openIndex).toBeNull();
      },
      // The first (and only) log is open in full, whichever way the list was reached.
      'logs.reading': (v) => {
        loadsOnEachOpening(v);
        expect(v.context.logs).toEqual([LOG]);
        expect(v.context.openIndex).toBe(0);
      },
      // An unreadable list gets the chat-logs text; a typed error keeps its own text.
      'logs.failed': (v) => {
        loadsOnEachOpening(v);
        listsWhatWasRead(v);
        const error = (v.last as { error?: unknown }).error;
        expect(v.context.error).toBe(error instanceof AppError ? STORAGE_FULL : LOGS_LOAD_FAILED);
      },
    },
  }, { states: 7, guards: 1 });
});
