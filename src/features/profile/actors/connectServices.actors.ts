import { fromPromise } from 'xstate';
import type { DemoFlags } from '../machines/connectServices.machine';
import type { ClientConfigLoader } from '../../../shared/http/config';

/** Which services the server runs as demo providers, so the cards can say so. */
export function connectServicesActorsWith(loadConfig: ClientConfigLoader) {
  return {
    loadDemoFlags: fromPromise<DemoFlags>(async () => {
      const config = await loadConfig();
      return { spotify: config.spotify.demo, trakt: config.trakt.demo, steam: config.steam.demo };
    }),
  };
}
