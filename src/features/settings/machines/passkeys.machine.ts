import { assign, setup } from 'xstate';
import { messages } from '../../../domain/messages';
import { passkeyFailureText } from '../../../domain/passkeyFailure';
import { passkeyTexts, type Passkey } from '../../../domain/passkeys';
import { notProvided } from '../../../shared/machines/notProvided';

/**
 * Settings' 'Passkeys' (members only): the member's passkeys, read from the server. 'Add a passkey' opens a
 * dialog that confirms the password; the browser then creates the passkey and it joins the list. 'Remove'
 * asks first; a removed passkey leaves the list. Refusals are told where they happened (in the dialog, or
 * above the list) and keep what was typed.
 */
export interface PasskeysContext {
  passkeys: Passkey[];
  password: string;
  name: string;
  /** The dialog's refusal (wrong password, cancelled, not added). */
  dialogError: string | null;
  /** Above the list: it could not be read, or a removal failed. */
  error: string | null;
  notice: string | null;
  /** The passkey whose removal is being asked or done. */
  removing: Passkey | null;
}

export type PasskeysEvent =
  | { type: 'RETRY' }
  | { type: 'ADD' }
  | { type: 'CANCEL' }
  | { type: 'CHANGE_PASSWORD'; value: string }
  | { type: 'CHANGE_NAME'; value: string }
  | { type: 'SUBMIT' }
  | { type: 'REMOVE'; passkey: Passkey }
  | { type: 'CONFIRM' }
  | { type: 'DISMISS_NOTICE' };

export const passkeysMachine = setup({
  types: {} as { context: PasskeysContext; events: PasskeysEvent },
  actors: {
    loadPasskeys: notProvided<Passkey[]>('loadPasskeys'),
    // Confirms the password, has the browser create the passkey, and keeps it on the server.
    addPasskey: notProvided<Passkey, { password: string; name: string }>('addPasskey'),
    removePasskey: notProvided<unknown, { id: string }>('removePasskey'),
  },
  guards: {
    passwordBlank: ({ context }) => context.password === '',
    listed: ({ context, event }) => event.type === 'REMOVE' && context.passkeys.some((p) => p.id === event.passkey.id),
  },
}).createMachine({
  id: 'passkeys',
  context: { passkeys: [], password: '', name: '', dialogError: null, error: null, notice: null, removing: null },
  initial: 'loading',
  on: { DISMISS_NOTICE: { actions: assign({ notice: null }) } },
  states: {
    loading: {
      invoke: {
        id: 'loadPasskeys',
        src: 'loadPasskeys',
        onDone: { target: 'ready', actions: assign({ passkeys: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ error: passkeyTexts.loadFailed }) },
      },
    },
    failed: { on: { RETRY: 'loading' } },
    ready: {
      on: {
        ADD: { target: 'confirming', actions: assign({ password: '', name: '', dialogError: null, notice: null }) },
        REMOVE: { guard: 'listed', target: 'askingRemoval', actions: assign({ removing: ({ event }) => event.passkey, notice: null, error: null }) },
      },
    },
    confirming: {
      on: {
        CANCEL: 'ready',
        CHANGE_PASSWORD: { actions: assign({ password: ({ event }) => event.value, dialogError: null }) },
        CHANGE_NAME: { actions: assign({ name: ({ event }) => event.value }) },
        SUBMIT: [{ guard: 'passwordBlank', actions: assign({ dialogError: messages.validation.passwordRequired }) }, { target: 'adding' }],
      },
    },
    adding: {
      invoke: {
        id: 'addPasskey',
        src: 'addPasskey',
        input: ({ context }) => ({ password: context.password, name: context.name.trim() }),
        onDone: {
          target: 'ready',
          actions: assign({ passkeys: ({ context, event }) => [...context.passkeys.filter((p) => p.id !== event.output.id), event.output], password: '', notice: passkeyTexts.added }),
        },
        onError: { target: 'confirming', actions: assign({ dialogError: ({ event }) => passkeyFailureText(event.error) }) },
      },
    },
    askingRemoval: {
      on: {
        CANCEL: { target: 'ready', actions: assign({ removing: null }) },
        CONFIRM: 'removingPasskey',
      },
    },
    removingPasskey: {
      invoke: {
        id: 'removePasskey',
        src: 'removePasskey',
        input: ({ context }) => ({ id: context.removing?.id ?? '' }),
        onDone: {
          target: 'ready',
          actions: assign({ passkeys: ({ context }) => context.passkeys.filter((p) => p.id !== context.removing?.id), removing: null, notice: passkeyTexts.removed }),
        },
        onError: { target: 'ready', actions: assign({ error: ({ event }) => passkeyFailureText(event.error), removing: null }) },
      },
    },
  },
});
