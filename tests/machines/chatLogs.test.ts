import { describe, expect, it } from 'vitest';
import { buildChatLog, welcomeMessage } from '../../src/domain/chat';
import { AppError } from '../../src/domain/errors';
import { messages as texts } from '../../src/domain/messages';
import { chatLogsMachine } from '../../src/machines/chatLogs.machine';
import { runModel } from '../support/modelTest';

const NOW = 1_767_225_600_000;
const LOG = buildChatLog('Patch Notes', [welcomeMessage('Welcome!', NOW)], NOW);

describe('chat logs machine (model-based)', () => {
  it('toggles chat ↔ logs, loading the game\'s list each time; failures show a text and can be retried', async () => {
    const count = await runModel({
      machine: chatLogsMachine,
      input: { game: 'patchnotes' },
      events: [
        { type: 'TOGGLE' },
        { type: 'RETRY' },
        { type: 'xstate.done.actor.loadChatLogs', output: [LOG] },
        { type: 'xstate.error.actor.loadChatLogs', error: new Error('unreadable') },
        { type: 'xstate.error.actor.loadChatLogs', error: new AppError('STORAGE_FULL') },
      ],
      check: ({ env, snapshot, path }) => {
        for (const load of env.pending.get('loadChatLogs') ?? []) expect(load.input).toEqual({ game: 'patchnotes' });
        const loads = path.steps.filter((s) => (s.state).matches({ logs: 'loading' })).length;
        expect(env.pending.get('loadChatLogs')?.length ?? 0).toBe(loads);
        if (snapshot.matches({ logs: 'ready' })) expect(snapshot.context.logs).toEqual([LOG]);
        if (snapshot.matches({ logs: 'failed' })) {
          const last = path.steps.at(-1)!.event as { error?: unknown };
          const expected = last.error instanceof AppError ? texts.storage.full : texts.chat.logsLoadFailed;
          expect(snapshot.context.error).toBe(expected);
        } else {
          expect(snapshot.context.error).toBeNull();
        }
      },
    });
    expect(count).toBeGreaterThanOrEqual(8);
  });
});
