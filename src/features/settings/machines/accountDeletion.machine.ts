import { assign, setup } from 'xstate';
import { messages } from '../../../domain/messages';
import { memberFailure } from '../../../domain/memberFailure';
import { notProvided } from '../../../shared/machines/notProvided';

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
    // The session deletes the account (the feature's actors/settings.actors.ts); rejects with the refusal.
    deleteAccount: notProvided<unknown, { password: string }>('deleteAccount'),
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
