import { fromPromise } from 'xstate';
import type { CallbackParams, OAuthTokens } from '../../../domain/oauth';
import type { OAuthOrigin, OAuthProvider } from '../../../shared/storage/tokens';
import { createSignInCompleter, finishSignIn, oauthOriginOf } from '../services/oauth';

/**
 * The OAuth callback's IO: the remembered start screen, the code exchange and what a good one keeps. One set
 * holds one completer, so the screen's second mount (StrictMode) joins the first one's exchange.
 */
export function createOAuthCallbackImplementations() {
  const completeSignIn = createSignInCompleter();
  return {
    actors: {
      recallOrigin: fromPromise<OAuthOrigin, { provider: OAuthProvider }>(({ input }) => Promise.resolve(oauthOriginOf(input.provider))),
      completeSignIn: fromPromise<OAuthTokens | null, { provider: OAuthProvider; params: CallbackParams }>(({ input }) =>
        completeSignIn(input.provider, input.params),
      ),
    },
    actions: {
      finish: (_: unknown, params: { provider: OAuthProvider; tokens: OAuthTokens }) => finishSignIn(params.provider, params.tokens),
    },
  };
}
