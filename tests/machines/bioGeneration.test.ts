import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type EventObject } from 'xstate';
import { bioGenerationMachine, type AiProvider } from '../../src/machines/bioGeneration.machine';
import { AppError } from '../../src/domain/errors';
import { messages } from '../../src/domain/messages';
import { runModel } from '../support/modelTest';

const FRESH = 'A climber who lives for Metal and Elden Ring.';
const events: EventObject[] = [
  { type: 'GENERATE' },
  { type: 'SUMMARY_STORED', summary: 'Written in another tab.' } as EventObject,
  { type: 'xstate.done.actor.generateSummary', output: FRESH } as EventObject,
  { type: 'xstate.error.actor.generateSummary', error: new AppError('AI_FAILED', { status: 500 }) } as EventObject,
  { type: 'xstate.error.actor.generateSummary', error: new AppError('STORAGE_FULL') } as EventObject,
  { type: 'xstate.done.actor.loadAiProvider', output: 'gemini' } as EventObject,
  { type: 'xstate.done.actor.loadAiProvider', output: 'local' } as EventObject,
  { type: 'xstate.error.actor.loadAiProvider', error: new Error('offline') } as EventObject,
  { type: 'xstate.error.actor.watchStoredSummary', error: new Error('gone') } as EventObject,
];

describe('bio generation machine (model-based)', () => {
  it.each([[''], ['An older bio.']])('reaches every state and transition, starting from stored bio %j', async (stored) => {
    const count = await runModel({
      machine: bioGenerationMachine,
      input: { summary: stored },
      events,
      provide: () => ({ actions: { logError: () => undefined } }),
      check: ({ env, snapshot, path }) => {
        const steps = path.steps.filter((s) => s.event.type !== 'xstate.init');
        const bioState = (snapshot.value as { bio: string }).bio;
        // One generation per GENERATE that started one; the provider is looked up exactly once.
        const generations = steps.filter(
          (s, i) => (s.state.value as { bio: string }).bio === 'generating' && (i === 0 || (steps[i - 1]!.state.value as { bio: string }).bio !== 'generating'),
        ).length;
        expect(env.pending.get('generateSummary')?.length ?? 0).toBe(generations);
        expect(env.pending.get('loadAiProvider')).toHaveLength(1);

        const last = steps.at(-1)?.event as { type: string; error?: unknown; output?: unknown } | undefined;
        if (bioState === 'generating') expect(snapshot.context.error).toBeNull();
        if (bioState === 'success' && last?.type === 'xstate.done.actor.generateSummary') expect(snapshot.context.summary).toBe(FRESH);
        if (bioState === 'error' && last?.type === 'xstate.error.actor.generateSummary') {
          const expected = (last.error as AppError).code === 'STORAGE_FULL' ? messages.storage.full : 'Failed to generate summary. Please try again.';
          expect(snapshot.context.error).toBe(expected);
        }
        if (bioState === 'idle') {
          expect(snapshot.context.error).toBeNull();
          const storedElsewhere = steps.some((s) => s.event.type === 'SUMMARY_STORED');
          expect(snapshot.context.summary).toBe(storedElsewhere ? 'Written in another tab.' : stored);
        }
        const credit = (snapshot.value as { credit: string }).credit;
        const providerEvent = steps.find((s) => s.event.type.endsWith('actor.loadAiProvider'))?.event as { output?: unknown } | undefined;
        if (!providerEvent) expect(credit).toBe('loading');
        else expect(credit).toBe(providerEvent.output === 'gemini' ? 'gemini' : 'local');
      },
    });
    expect(count).toBeGreaterThan(20);
  });
});

describe('bio generation machine, real actors', () => {
  it('ignores GENERATE while a generation runs (one request, the button is busy)', async () => {
    let calls = 0;
    const actor = createActor(
      bioGenerationMachine.provide({
        actors: {
          generateSummary: fromPromise(async () => {
            calls += 1;
            return FRESH;
          }),
          loadAiProvider: fromPromise<AiProvider>(async () => 'gemini'),
        },
      }),
      { input: { summary: '' } },
    ).start();
    actor.send({ type: 'GENERATE' });
    actor.send({ type: 'GENERATE' });
    expect(actor.getSnapshot().matches({ bio: 'generating' })).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().matches({ bio: 'success', credit: 'gemini' })).toBe(true);
    expect(actor.getSnapshot().context.summary).toBe(FRESH);
    expect(calls).toBe(1);
    actor.stop();
  });
});
