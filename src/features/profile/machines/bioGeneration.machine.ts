import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { messageFor } from '../../../domain/errorText';
import { messages } from '../../../domain/messages';
import { generateAndStoreSummary, readStoredSummary, watchStoredSummary } from '../services/bio';
import { getClientConfig } from '../../../shared/http/config';

export type AiProvider = 'gemini' | 'local';

export interface BioGenerationContext {
  /** The bio shown in the panel: the stored one, then each freshly generated one. */
  summary: string;
  /** docs/product.md's text for the last failure, cleared when a new generation starts. */
  error: string | null;
}

export type BioGenerationEvent =
  | { type: 'GENERATE' }
  /** The stored bio changed outside this panel (the onboarding background run, another tab). */
  | { type: 'SUMMARY_STORED'; summary: string };

/**
 * The AI Profile Summary panel. Two regions side by side:
 * - bio: idle → generating → success | error; GENERATE starts again from any of the three resting states.
 * - credit: which AI provider the server uses, for the panel's closing line.
 */
export const bioGenerationMachine = setup({
  types: {} as {
    context: BioGenerationContext;
    events: BioGenerationEvent;
    /** The bio to start from; without one, the stored bio. */
    input: { summary?: string };
  },
  actors: {
    generateSummary: fromPromise<string>(() => generateAndStoreSummary()),
    loadAiProvider: fromPromise<AiProvider>(async () => (await getClientConfig()).ai.provider),
    watchStoredSummary: fromCallback<BioGenerationEvent>(({ sendBack }) =>
      watchStoredSummary((summary) => sendBack({ type: 'SUMMARY_STORED', summary })),
    ),
  },
  guards: {
    isGemini: ({ event }) => (event as { output?: unknown }).output === 'gemini',
  },
  actions: {
    logError: ({ event }) => console.error('AI summary panel:', (event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'bioGeneration',
  type: 'parallel',
  context: ({ input }) => ({ summary: input?.summary ?? readStoredSummary(), error: null }),
  invoke: { id: 'watchStoredSummary', src: 'watchStoredSummary', onError: { actions: 'logError' } },
  states: {
    bio: {
      initial: 'idle',
      on: {
        SUMMARY_STORED: { actions: assign({ summary: ({ event }) => event.summary }) },
      },
      states: {
        idle: { on: { GENERATE: 'generating' } },
        generating: {
          entry: assign({ error: null }),
          invoke: {
            id: 'generateSummary',
            src: 'generateSummary',
            onDone: { target: 'success', actions: assign({ summary: ({ event }) => event.output }) },
            onError: {
              target: 'error',
              actions: assign({ error: ({ event }) => messageFor(event.error, messages.ai.summaryFailed) }),
            },
          },
        },
        success: { on: { GENERATE: 'generating' } },
        error: { on: { GENERATE: 'generating' } },
      },
    },
    credit: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            id: 'loadAiProvider',
            src: 'loadAiProvider',
            onDone: [{ guard: 'isGemini', target: 'gemini' }, { target: 'local' }],
            onError: { target: 'local', actions: 'logError' },
          },
        },
        gemini: {},
        local: {},
      },
    },
  },
});
