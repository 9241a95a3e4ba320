import { fromPromise, setup } from 'xstate';
import { completeSignIn, finishSignIn, type CallbackParams, type Tokens } from '../services/oauth';
import type { OAuthProvider } from '../storage/tokens';

// OAuth callback (docs/product.md section 4): check the redirect, exchange its code once, then go to /profile on
// success or to / on any failure (logged, no message shown).

interface CallbackInput {
  provider: OAuthProvider;
  params: CallbackParams;
}

export const oauthCallbackMachine = setup({
  types: {} as {
    input: CallbackInput;
    context: CallbackInput;
    events: { type: 'never' };
  },
  actors: {
    completeSignIn: fromPromise<Tokens | null, CallbackInput>(({ input }) => completeSignIn(input.provider, input.params)),
  },
  guards: {
    gotTokens: (_, params: { tokens: Tokens | null }) => Boolean(params.tokens?.access_token),
  },
  actions: {
    finish: ({ context }, params: { tokens: Tokens | null }) => {
      if (params.tokens) finishSignIn(context.provider, params.tokens);
    },
    logFailure: ({ context }, params: { error: unknown }) => console.error(`${context.provider} sign-in failed`, params.error),
    goToSuccess: () => {
      // Provided by the screen: navigate('/profile', { replace: true }).
    },
    goToFailure: () => {
      // Provided by the screen: navigate('/', { replace: true }).
    },
  },
}).createMachine({
  id: 'oauthCallback',
  context: ({ input }) => input,
  initial: 'exchanging',
  states: {
    exchanging: {
      invoke: {
        id: 'exchange',
        src: 'completeSignIn',
        input: ({ context }) => context,
        onDone: [
          {
            guard: { type: 'gotTokens', params: ({ event }) => ({ tokens: event.output }) },
            target: 'succeeded',
            actions: { type: 'finish', params: ({ event }) => ({ tokens: event.output }) },
          },
          { target: 'failed', actions: { type: 'logFailure', params: () => ({ error: 'no tokens' }) } },
        ],
        onError: { target: 'failed', actions: { type: 'logFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    succeeded: { type: 'final', entry: 'goToSuccess' },
    failed: { type: 'final', entry: 'goToFailure' },
  },
});
