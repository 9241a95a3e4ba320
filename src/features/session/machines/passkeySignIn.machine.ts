import { assign, setup } from 'xstate';
import type { Landing } from '../../../domain/profile';
import { passkeyFailureText } from '../../../domain/passkeyFailure';
import { actionNotProvided, notProvided } from '../../../shared/machines/notProvided';

/**
 * The log-in screen's 'Sign in with a passkey': the browser asks for one of the member's passkeys and
 * the server signs in as a password log-in does, landing where a log-in lands. A refusal (cancelled,
 * not recognised, suspended, offline) is told under the button, which can be pressed again.
 */
export interface PasskeySignInContext {
  error: string | null;
}

export type PasskeySignInEvent = { type: 'SIGN_IN' };

export const passkeySignInMachine = setup({
  types: {} as { context: PasskeySignInContext; events: PasskeySignInEvent },
  actors: {
    // The session signs in with the passkey (the feature's actors); answers where to land.
    signInWithPasskey: notProvided<Landing>('signInWithPasskey'),
  },
  actions: {
    goToConnections: actionNotProvided('goToConnections'),
    goToHome: actionNotProvided('goToHome'),
  },
  guards: {
    landsHome: (_, params: { landing: Landing }) => params.landing === 'home',
  },
}).createMachine({
  id: 'passkeySignIn',
  context: { error: null },
  initial: 'idle',
  states: {
    idle: { on: { SIGN_IN: 'signingIn' } },
    signingIn: {
      entry: assign({ error: null }),
      invoke: {
        id: 'signInWithPasskey',
        src: 'signInWithPasskey',
        onDone: [
          { guard: { type: 'landsHome', params: ({ event }) => ({ landing: event.output }) }, target: 'home' },
          { target: 'connections' },
        ],
        onError: { target: 'idle', actions: assign({ error: ({ event }) => passkeyFailureText(event.error) }) },
      },
    },
    home: { type: 'final', entry: 'goToHome' },
    connections: { type: 'final', entry: 'goToConnections' },
  },
});
