import { assign, setup } from 'xstate';
import { EMAIL_LINK_INVALID } from '../../../domain/emailChange';
import { memberFailure } from '../../../domain/memberFailure';
import { notProvided } from '../../../shared/machines/notProvided';

/**
 * 'Confirm your new email' (the page a confirmation link opens): nothing changes until 'Confirm email' is
 * pressed, so a mail scanner that follows the link changes nothing. A link that is missing, used or expired
 * says so; any other refusal (the address was taken meanwhile, offline) is told and can be tried again.
 */
export interface ConfirmEmailContext {
  token: string;
  email: string | null;
  error: string | null;
}

export type ConfirmEmailEvent = { type: 'CONFIRM' };

export const confirmEmailMachine = setup({
  types: {} as { context: ConfirmEmailContext; events: ConfirmEmailEvent; input: { token: string } },
  actors: {
    // Confirms through the link (the feature's actors); answers the member's email from now on.
    confirmEmail: notProvided<string, { token: string }>('confirmEmail'),
  },
  guards: {
    noToken: ({ context }) => context.token === '',
    linkInvalid: (_, params: { error: unknown }) => memberFailure(params.error).code === EMAIL_LINK_INVALID,
  },
  actions: {
    /** Where the app is assembled: the session reads the member again, with the new email. */
    refreshSession: () => {},
  },
}).createMachine({
  id: 'confirmEmail',
  context: ({ input }) => ({ token: input.token, email: null, error: null }),
  initial: 'ready',
  states: {
    ready: {
      // Opened without a token (a link cut short): nothing to confirm.
      always: { guard: 'noToken', target: 'linkInvalid' },
      on: { CONFIRM: 'confirming' },
    },
    confirming: {
      entry: assign({ error: null }),
      invoke: {
        id: 'confirmEmail',
        src: 'confirmEmail',
        input: ({ context }) => ({ token: context.token }),
        onDone: { target: 'confirmed', actions: [assign({ email: ({ event }) => event.output }), 'refreshSession'] },
        onError: [
          { guard: { type: 'linkInvalid', params: ({ event }) => ({ error: event.error }) }, target: 'linkInvalid' },
          { target: 'ready', actions: assign({ error: ({ event }) => memberFailure(event.error).message }) },
        ],
      },
    },
    confirmed: { type: 'final' },
    linkInvalid: { type: 'final' },
  },
});
