import { fromPromise } from 'xstate';
import type { ClientConfigLoader } from '../../../shared/http/config';
import type { ViewerSource } from '../../../shared/session/viewer';
import type { OAuthOrigin } from '../../../shared/storage/tokens';
import type { DemoFlags } from '../machines/connectServices.machine';
import type { ProviderInput } from '../machines/providerAuth.machine';
import { noteNoConnectionHere } from '../services/connectedServices';
import { prepareLogin } from '../services/oauth';

/**
 * The Connect Services cards' IO that needs the app: the server's configuration (which services are demos,
 * the providers' settings) and who the app serves (a guest's device is the whole truth of a connection).
 */
export function connectServicesImplementations(viewer: ViewerSource, loadConfig: ClientConfigLoader) {
  return {
    loadDemoFlags: fromPromise<DemoFlags>(async () => {
      const config = await loadConfig();
      return { spotify: config.spotify.demo, trakt: config.trakt.demo, steam: config.steam.demo };
    }),
    providerAuth: {
      actors: {
        prepareLogin: fromPromise<string, ProviderInput & { origin?: OAuthOrigin }>(({ input }) => prepareLogin(loadConfig, input.provider, input.origin)),
      },
      actions: {
        noteNoTokenHere: ({ context }: { context: ProviderInput }) => noteNoConnectionHere(context.provider, viewer.known()),
      },
    },
    steamConnect: {
      actions: { noteNoIdHere: () => noteNoConnectionHere('steam', viewer.known()) },
    },
  };
}
