import { setup } from 'xstate';
import { callbackNotProvided, notProvided } from '../../../shared/machines/notProvided';
import type { OAuthOrigin, OAuthProvider } from '../../../domain/oauth';

// Provider auth (docs/product.md section 4): one machine, one instance per OAuth provider (Spotify, Trakt).
// The stored access token is the truth: a watcher reports it at start and on every change (another tab,
// or a data call that had to log the provider out), so the card always shows the real state.

export type ProviderAuthEvent =
  | { type: 'LOGIN'; origin?: OAuthOrigin }
  | { type: 'LOGOUT' }
  | { type: 'REFRESH' }
  | { type: 'TOKEN_STORED' }
  | { type: 'TOKEN_CLEARED' };

export interface ProviderInput {
  provider: OAuthProvider;
}

export const providerAuthMachine = setup({
  types: {} as {
    input: ProviderInput;
    context: { provider: OAuthProvider };
    events: ProviderAuthEvent;
  },
  actors: {
    /** Sends TOKEN_STORED or TOKEN_CLEARED for the stored access token at start and on every change. */
    watchToken: callbackNotProvided<ProviderAuthEvent, ProviderInput>('watchToken'),
    /** Saves the round trip's state (and where it returns to); answers the provider's consent URL. */
    prepareLogin: notProvided<string, ProviderInput & { origin?: OAuthOrigin }>('prepareLogin'),
    /** Stores a new access token got with the refresh token; rejects when there is none or it is refused. */
    refreshTokens: notProvided<string, ProviderInput>('refreshTokens'),
  },
  actions: {
    redirect: (_, _params: { url: string }) => {
      // Provided at the composition point: window.location.assign(url).
    },
    // The device's side of a connection (for context.provider), provided where the app is assembled.
    /** Forgets both tokens; the profile no longer lists the provider as connected. */
    logout: () => {},
    /** The profile's connected flag, kept true to the stored token. */
    markConnected: () => {},
    markDisconnected: () => {},
    /** No token here at start says nothing about a member's other devices. */
    noteNoTokenHere: () => {},
    logFailure: (_, params: { what: string; error: unknown }) => console.error(params.what, params.error),
  },
  delays: {
    // A redirect that has not unloaded the page by then (blocked, or a back-navigation restored it) is over.
    redirectGrace: 10_000,
  },
}).createMachine({
  id: 'providerAuth',
  context: ({ input }) => ({ provider: input.provider }),
  invoke: {
    id: 'watchToken',
    src: 'watchToken',
    input: ({ context }) => ({ provider: context.provider }),
    onError: { actions: { type: 'logFailure', params: ({ event }) => ({ what: 'token watcher failed', error: event.error }) } },
  },
  initial: 'checking',
  states: {
    checking: {
      on: { TOKEN_STORED: 'authenticated', TOKEN_CLEARED: { target: 'unauthenticated', actions: 'noteNoTokenHere' } },
    },
    // The profile's flag changes only when a connection here ends (logout, a failed refresh, another tab's logout).
    unauthenticated: {
      on: {
        LOGIN: 'preparing',
        TOKEN_STORED: 'authenticated',
      },
    },
    preparing: {
      invoke: {
        id: 'prepareLogin',
        src: 'prepareLogin',
        // The screen LOGIN came from is where a declined or failed round trip returns.
        input: ({ context, event }) => ({ provider: context.provider, origin: event.type === 'LOGIN' ? event.origin : undefined }),
        onDone: { target: 'redirected', actions: { type: 'redirect', params: ({ event }) => ({ url: event.output }) } },
        onError: {
          target: 'unauthenticated',
          actions: { type: 'logFailure', params: ({ event }) => ({ what: 'could not start sign-in', error: event.error }) },
        },
      },
    },
    redirected: {
      after: { redirectGrace: 'unauthenticated' },
    },
    authenticated: {
      entry: 'markConnected',
      on: {
        LOGOUT: { target: 'unauthenticated', actions: 'logout' },
        REFRESH: 'refreshing',
        TOKEN_CLEARED: { target: 'unauthenticated', actions: 'markDisconnected' },
      },
    },
    refreshing: {
      invoke: {
        id: 'refreshTokens',
        src: 'refreshTokens',
        input: ({ context }) => ({ provider: context.provider }),
        onDone: 'authenticated',
        // No refresh token, or the provider refused it: the provider is logged out.
        onError: { target: 'unauthenticated', actions: 'logout' },
      },
      on: { LOGOUT: { target: 'unauthenticated', actions: 'logout' } },
    },
  },
});
