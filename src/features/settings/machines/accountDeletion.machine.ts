import { assign, fromPromise, setup } from 'xstate';
import { messages } from '../../../domain/messages';
import { memberFailure } from '../../../domain/memberFailure';
import { deleteAccountThrough, type SessionActor } from '../../session';

/**
 * Settings' 'Delete account' dialog: the member confirms with their password; a refusal (wrong password,
 * offline) is shown in the dialog and keeps what was typed; success leaves for /auth as a guest.
 */
export interface AccountDeletionContext {
  password: string;
  error: string | null;
}

export type AccountDeletionEvent =
  | { type: 'OPEN' }
  | { type: 'CANCEL' }
  | { type: 'CHANGE'; value: string }
  | { type: 'SUBMIT' };

export const accountDeletionMachine = setup({
  types: {} as { context: AccountDeletionContext; events: AccountDeletionEvent },
  actors: {
    // Provided by the screen: deleteAccountWith(session) below.
    deleteAccount: fromPromise(async (_: { input: { password: string } }) => {
      // Resolves: the real deletion is the screen's.
    }),
  },
  guards: {
    passwordBlank: ({ context }) => context.password === '',
  },
  actions: {
    goToAuth: () => {
      // Provided by the screen: navigate('/auth').
    },
  },
}).createMachine({
  id: 'accountDeletion',
  context: { password: '', error: null },
  initial: 'closed',
  states: {
    closed: {
      on: { OPEN: { target: 'open', actions: assign({ password: '', error: null }) } },
    },
    open: {
      on: {
        CANCEL: 'closed',
        CHANGE: { actions: assign({ password: ({ event }) => event.value, error: null }) },
        SUBMIT: [
          { guard: 'passwordBlank', actions: assign({ error: messages.validation.passwordRequired }) },
          { target: 'deleting' },
        ],
      },
    },
    deleting: {
      invoke: {
        id: 'deleteAccount',
        src: 'deleteAccount',
        input: ({ context }) => ({ password: context.password }),
        onDone: 'deleted',
        onError: { target: 'open', actions: assign({ error: ({ event }) => memberFailure(event.error).message }) },
      },
    },
    deleted: { type: 'final', entry: 'goToAuth' },
  },
});

/** The dialog's `deleteAccount` for the app: the session deletes the account (and becomes a guest). */
export function deleteAccountWith(session: SessionActor) {
  return fromPromise(({ input }: { input: { password: string } }) => deleteAccountThrough(session, input.password));
}
