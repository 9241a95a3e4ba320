import { assign, setup } from 'xstate';
import { messages } from '../../../domain/messages';
import { OAuthDeniedError, type CallbackParams, type OAuthOrigin, type OAuthProvider, type OAuthTokens } from '../../../domain/oauth';
import { actionNotProvided, notProvided } from '../../../shared/machines/notProvided';

// OAuth callback (docs/product.md section 4): check the redirect, exchange its code once, then go back to the
// screen it started from (/profile or /connections, remembered across the redirect; /profile when unknown),
// so onboarding carries on after a connect. A declined or failed round trip returns there too,
// with a notice, never to the splash.

interface CallbackInput {
  provider: OAuthProvider;
  params: CallbackParams;
}

interface CallbackContext extends CallbackInput {
  origin: OAuthOrigin;
}

/** What the failure navigation carries: where to, and the notice that screen shows. */
interface FailureRoute {
  to: OAuthOrigin;
  notice: string;
}

export const oauthCallbackMachine = setup({
  types: {} as {
    input: CallbackInput;
    context: CallbackContext;
    events: { type: 'never' };
  },
  actors: {
    /** The screen this provider's round trip started from, remembered across the redirect. */
    recallOrigin: notProvided<OAuthOrigin, { provider: OAuthProvider }>('recallOrigin'),
    /** Checks the redirect and exchanges its code once; rejects with OAuthDeniedError when the person declined. */
    completeSignIn: notProvided<OAuthTokens | null, CallbackInput>('completeSignIn'),
  },
  guards: {
    gotTokens: (_, params: { tokens: OAuthTokens | null }) => Boolean(params.tokens?.access_token),
    wasDenied: (_, params: { error: unknown }) => params.error instanceof OAuthDeniedError,
  },
  actions: {
    /** Where the app is assembled: keeps the tokens, marks the service connected, ends the round trip. */
    finish: actionNotProvided<{ provider: OAuthProvider; tokens: OAuthTokens }>('finish'),
    logFailure: ({ context }, params: { error: unknown }) => console.error(`${context.provider} sign-in failed`, params.error),
    /** The screen's navigate(to, { replace: true }). */
    goToSuccess: actionNotProvided<{ to: OAuthOrigin }>('goToSuccess'),
    /** The screen's navigate(to, { replace: true, state: { connectionNotice: notice } }). */
    goToFailure: actionNotProvided<FailureRoute>('goToFailure'),
  },
}).createMachine({
  id: 'oauthCallback',
  context: ({ input }) => ({ ...input, origin: '/profile' }),
  initial: 'recalling',
  states: {
    recalling: {
      invoke: {
        id: 'recallOrigin',
        src: 'recallOrigin',
        input: ({ context }) => ({ provider: context.provider }),
        onDone: { target: 'exchanging', actions: assign({ origin: ({ event }) => event.output }) },
        // Not knowing the start screen only changes where a failure lands: /profile.
        onError: { target: 'exchanging', actions: { type: 'logFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    exchanging: {
      invoke: {
        id: 'exchange',
        src: 'completeSignIn',
        input: ({ context }) => ({ provider: context.provider, params: context.params }),
        onDone: [
          {
            guard: { type: 'gotTokens', params: ({ event }) => ({ tokens: event.output }) },
            target: 'succeeded',
            // gotTokens has checked the output holds an access token.
            actions: { type: 'finish', params: ({ context, event }) => ({ provider: context.provider, tokens: event.output! }) },
          },
          { target: 'failed', actions: { type: 'logFailure', params: () => ({ error: 'no tokens' }) } },
        ],
        onError: [
          { guard: { type: 'wasDenied', params: ({ event }) => ({ error: event.error }) }, target: 'cancelled' },
          { target: 'failed', actions: { type: 'logFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    succeeded: { type: 'final', entry: { type: 'goToSuccess', params: ({ context }) => ({ to: context.origin }) } },
    cancelled: {
      type: 'final',
      entry: {
        type: 'goToFailure',
        params: ({ context }) => ({ to: context.origin, notice: messages.oauth.cancelled[context.provider] }),
      },
    },
    failed: {
      type: 'final',
      entry: {
        type: 'goToFailure',
        params: ({ context }) => ({ to: context.origin, notice: messages.oauth.failed[context.provider] }),
      },
    },
  },
});
