import { assign, setup } from 'xstate';
import { messageFor } from '../../../domain/errorText';
import { messages } from '../../../domain/messages';
import { callbackNotProvided, notProvided } from '../../../shared/machines/notProvided';

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
    /** The bio to start from: the stored one. */
    input: { summary: string };
  },
  actors: {
    /** Generates the bio from the stored profile and stores it; resolves with its text. */
    generateSummary: notProvided<string>('generateSummary'),
    /** Which AI provider the server uses. */
    loadAiProvider: notProvided<AiProvider>('loadAiProvider'),
    /** Sends SUMMARY_STORED whenever the stored bio changes outside this panel. */
    watchStoredSummary: callbackNotProvided<BioGenerationEvent>('watchStoredSummary'),
  },
  guards: {
    isGemini: (_, params: { provider: AiProvider }) => params.provider === 'gemini',
  },
  actions: {
    logError: (_, params: { error: unknown }) => console.error('AI summary panel:', params.error),
  },
}).createMachine({
  id: 'bioGeneration',
  type: 'parallel',
  context: ({ input }) => ({ summary: input.summary, error: null }),
  invoke: {
    id: 'watchStoredSummary',
    src: 'watchStoredSummary',
    onError: { actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
  },
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
            onDone: [{ guard: { type: 'isGemini', params: ({ event }) => ({ provider: event.output }) }, target: 'gemini' }, { target: 'local' }],
            onError: { target: 'local', actions: { type: 'logError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        gemini: {},
        local: {},
      },
    },
  },
});
