import { assign, setup } from 'xstate';
import type { AdminReport, ModerationEntry } from '../../../domain/adminContract';
import { adminErrorTexts } from '../../../domain/adminContract';
import { memberFailure, MemberApiError } from '../../../domain/memberFailure';
import { actionText, consoleTexts, type ModerationAction, type SuspensionLength } from '../../../domain/moderation';
import { socialErrorTexts } from '../../../domain/socialContract';
import { notProvided } from '../../../shared/machines/notProvided';

/**
 * The operators' console at /admin: it loads the open reports and the moderation log; a server that
 * answers 404 (anyone but an operator) leaves the app's not-found screen. Every action opens a dialog
 * that asks for a reason (and, to suspend, a length), sends it, says what was done and loads again.
 */

export interface ConsoleData {
  reports: AdminReport[];
  log: ModerationEntry[];
  /** The server's clock when it answered (account ages are counted from it). */
  now: string;
}

export interface ActionForm {
  action: ModerationAction;
  /** The report the action was started from (Dismiss needs it). */
  reportId: string | null;
  memberId: string | null;
  target: string;
  length: SuspensionLength;
  reason: string;
}

export interface AdminConsoleContext {
  data: ConsoleData | null;
  form: ActionForm | null;
  error: string | null;
  notice: string | null;
}

export type AdminConsoleEvent =
  | { type: 'OPEN_ACTION'; action: ModerationAction; reportId: string | null; memberId: string | null; target: string }
  | { type: 'CHANGE_REASON'; value: string }
  | { type: 'CHANGE_LENGTH'; length: SuspensionLength }
  | { type: 'SUBMIT' }
  | { type: 'CANCEL' }
  | { type: 'RETRY' };

function isKnownAdminCode(code: string): code is keyof typeof adminErrorTexts {
  return Object.hasOwn(adminErrorTexts, code);
}

/** An action's refusal in the contract's words (admin codes first, then the members' and social ones). */
export function adminFailureText(error: unknown): string {
  if (error instanceof MemberApiError) {
    if (isKnownAdminCode(error.code)) return adminErrorTexts[error.code];
    if (error.code === 'TOO_MANY_REQUESTS' || error.code === 'INVALID_REQUEST') return socialErrorTexts[error.code];
  }
  return memberFailure(error).message;
}

/** The server hid the console: this viewer is no operator (or no longer signed in). */
/** The length a Suspend dialog opens with: the shortest. */
const DEFAULT_LENGTH: SuspensionLength = '1d';

const hidden = (error: unknown) => error instanceof MemberApiError && (error.status === 404 || error.status === 401) && !isKnownAdminCode(error.code);

export const adminConsoleMachine = setup({
  types: {} as { context: AdminConsoleContext; events: AdminConsoleEvent },
  actors: {
    loadConsole: notProvided<ConsoleData>('loadConsole'),
    act: notProvided<ModerationEntry, ActionForm>('act'),
  },
  guards: {
    notOperator: (_, params: { error: unknown }) => hidden(params.error),
    reasonBlank: ({ context }) => (context.form?.reason.trim() ?? '') === '',
  },
}).createMachine({
  id: 'adminConsole',
  context: { data: null, form: null, error: null, notice: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadConsole',
        src: 'loadConsole',
        onDone: { target: 'ready', actions: assign({ data: ({ event }) => event.output, error: null }) },
        onError: [
          { guard: { type: 'notOperator', params: ({ event }) => ({ error: event.error }) }, target: 'notFound' },
          { target: 'failed', actions: assign({ error: consoleTexts.loadFailed }) },
        ],
      },
    },
    failed: { on: { RETRY: 'loading' } },
    notFound: { type: 'final' },
    ready: {
      initial: 'browsing',
      states: {
        browsing: {
          on: {
            OPEN_ACTION: {
              target: 'composing',
              actions: assign(({ event }) => ({
                form: { action: event.action, reportId: event.reportId, memberId: event.memberId, target: event.target, length: DEFAULT_LENGTH, reason: '' },
                error: null,
                notice: null,
              })),
            },
          },
        },
        composing: {
          on: {
            CHANGE_REASON: {
              actions: assign(({ context, event }) => ({ form: context.form && { ...context.form, reason: event.value }, error: null })),
            },
            CHANGE_LENGTH: {
              actions: assign(({ context, event }) => ({ form: context.form && { ...context.form, length: event.length } })),
            },
            CANCEL: { target: 'browsing', actions: assign({ form: null, error: null }) },
            SUBMIT: [{ guard: 'reasonBlank', actions: assign({ error: consoleTexts.reasonRequired }) }, { target: 'acting' }],
          },
        },
        acting: {
          invoke: {
            id: 'act',
            src: 'act',
            input: ({ context }) => {
              if (!context.form) throw new Error('An action is sent only from its dialog');
              return { ...context.form, reason: context.form.reason.trim() };
            },
            onDone: {
              target: 'refreshing',
              actions: assign(({ event }) => ({ form: null, error: null, notice: `${actionText(event.output.action, event.output.target, event.output.length)}.` })),
            },
            onError: [
              { guard: { type: 'notOperator', params: ({ event }) => ({ error: event.error }) }, target: '#adminConsole.notFound' },
              { target: 'composing', actions: assign({ error: ({ event }) => adminFailureText(event.error) }) },
            ],
          },
        },
        // The lists stay on screen while they load again; a failure keeps the last ones.
        refreshing: {
          invoke: {
            id: 'reloadConsole',
            src: 'loadConsole',
            onDone: { target: 'browsing', actions: assign({ data: ({ event }) => event.output }) },
            onError: [
              { guard: { type: 'notOperator', params: ({ event }) => ({ error: event.error }) }, target: '#adminConsole.notFound' },
              { target: 'browsing' },
            ],
          },
        },
      },
    },
  },
});

