import { fromCallback, fromPromise } from 'xstate';
import type { ProviderAuthEvent, ProviderInput } from '../machines/providerAuth.machine';
import { noteNoConnectionHere, setServiceConnected } from '../services/connectedServices';
import { logoutProvider, prepareLogin, refreshAccessToken } from '../services/oauth';
import { accessTokenKey, type OAuthOrigin } from '../../../shared/storage/tokens';
import type { ClientConfigLoader } from '../../../shared/http/config';
import type { ViewerSource } from '../../../shared/session/viewer';

type ProviderArgs = { context: ProviderInput };

/**
 * An OAuth provider card's IO: the stored access token is the truth, watched here and in other tabs; the
 * server's configuration names the provider's settings, and who the app serves says what a missing token means.
 */
export function providerAuthImplementationsFor(viewer: Pick<ViewerSource, 'known'>, loadConfig: ClientConfigLoader) {
  return {
    actors: {
      watchToken: fromCallback<ProviderAuthEvent, ProviderInput>(({ sendBack, input }) => {
        const key = accessTokenKey(input.provider);
        const report = () => sendBack({ type: key.read() ? 'TOKEN_STORED' : 'TOKEN_CLEARED' });
        report();
        return key.subscribe(report);
      }),
      prepareLogin: fromPromise<string, ProviderInput & { origin?: OAuthOrigin }>(({ input }) => prepareLogin(loadConfig, input.provider, input.origin)),
      refreshTokens: fromPromise<string, ProviderInput>(({ input }) => refreshAccessToken(input.provider)),
    },
    actions: {
      logout: ({ context }: ProviderArgs) => logoutProvider(context.provider),
      markConnected: ({ context }: ProviderArgs) => setServiceConnected(context.provider, true),
      markDisconnected: ({ context }: ProviderArgs) => setServiceConnected(context.provider, false),
      noteNoTokenHere: ({ context }: ProviderArgs) => noteNoConnectionHere(context.provider, viewer.known()),
    },
  };
}
