import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import { bioGenerationMachine, type AiProvider } from '../../src/features/profile/machines/bioGeneration.machine';
import { AppError } from '../../src/domain/errors';
import { done, failed, isDone, isFailed, isSettled, pathEvents, testModel, type ModelEvent, type ModelOptions, type ReplayEnv, type StateView } from '../support/modelTest';

const FRESH = 'A climber who lives for Metal and Elden Ring.';
const events: ModelEvent[] = [
  { type: 'GENERATE' },
  { type: 'SUMMARY_STORED', summary: 'Written in another tab.' },
  done('generateSummary', FRESH),
  failed('generateSummary', new AppError('AI_FAILED', { status: 500 })),
  failed('generateSummary', new AppError('STORAGE_FULL')),
  done('loadAiProvider', 'gemini'),
  done('loadAiProvider', 'local'),
  failed('loadAiProvider', new Error('offline')),
  failed('watchStoredSummary', new Error('gone')),
];

const SUMMARY_FAILED = 'Failed to generate summary. Please try again.';
const STORAGE_FULL =
  'Your browser storage is full, so this change could not be saved. Free some space (for example Settings → Clear App Data) and try again.';

/** One generation per GENERATE that started one (a GENERATE while generating is ignored). */
function expectGenerations(env: ReplayEnv, path: { steps: { state: { value: unknown } }[] }) {
  const bioStates = path.steps.map((s) => (s.state.value as { bio: string }).bio);
  const starts = bioStates.filter((b, i) => b === 'generating' && bioStates[i - 1] !== 'generating').length;
  expect(env.pending.get('generateSummary')?.length ?? 0).toBe(starts);
}

/** The panel shows the stored bio, then whatever another tab stored or this panel generated, latest first. */
function expectedSummary(stored: string, path: { steps: { event: EventObject }[] }): string {
  const latest = path.steps.map((s) => s.event as ModelEvent).findLast((e) => e.type === 'SUMMARY_STORED' || isDone('generateSummary')(e));
  if (!latest) return stored;
  return latest.type === 'SUMMARY_STORED' ? 'Written in another tab.' : FRESH;
}

function variant(stored: string): ModelOptions<typeof bioGenerationMachine> {
  const resting = ({ env, context, path }: StateView<typeof bioGenerationMachine>) => {
    expectGenerations(env, path);
    expect(context.summary).toBe(expectedSummary(stored, path));
  };
  return {
    machine: bioGenerationMachine,
    input: { summary: stored },
    limit: 60,
    events,
    provide: () => ({ actions: { logError: () => undefined } }),
    states: {
      'bio.idle': (view) => {
        resting(view);
        expect(view.context.error).toBeNull();
        expect(view.env.pending.get('generateSummary')).toBeUndefined();
      },
      // 'Generating...': the last failure is no longer shown.
      'bio.generating': (view) => {
        resting(view);
        expect(view.context.error).toBeNull();
      },
      'bio.success': (view) => {
        resting(view);
        expect(view.context.error).toBeNull();
      },
      // A storage failure says so; any other failure shows the contract's red text.
      'bio.error': (view) => {
        resting(view);
        const failure = view.path.steps.map((s) => s.event as ModelEvent).findLast(isFailed('generateSummary'));
        expect(view.context.error).toBe((failure?.error as AppError).code === 'STORAGE_FULL' ? STORAGE_FULL : SUMMARY_FAILED);
      },
      // The credit line: the provider is looked up once, and anything but Gemini (or no answer) means local.
      'credit.loading': ({ env, events }) => {
        expect(env.pending.get('loadAiProvider')).toHaveLength(1);
        expect(events.filter(isSettled('loadAiProvider'))).toEqual([]);
      },
      'credit.gemini': ({ env, path }) => {
        expect(env.pending.get('loadAiProvider')).toHaveLength(1);
        expect(pathEvents(path).find(isSettled('loadAiProvider'))).toEqual(done('loadAiProvider', 'gemini'));
      },
      'credit.local': ({ env, path }) => {
        expect(env.pending.get('loadAiProvider')).toHaveLength(1);
        const answer = pathEvents(path).find(isSettled('loadAiProvider'));
        expect(answer?.output).not.toBe('gemini');
      },
    },
  };
}

describe('bio generation machine (model-based)', () => {
  it('reaches every state and transition, starting from no stored bio and from an older one', async () => {
    const report = await testModel([variant(''), variant('An older bio.')]);
    expect(report).toMatchObject({ states: 10, transitions: 9, guards: 1 });
  });
});

describe('bio generation machine, one generation at a time', () => {
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
          watchStoredSummary: fromCallback(() => undefined),
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
