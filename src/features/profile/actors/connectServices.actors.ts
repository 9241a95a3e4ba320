import { fromPromise } from 'xstate';
import type { DemoFlags } from '../machines/connectServices.machine';
import { getClientConfig } from '../../../shared/http/config';

/** Which services the server runs as demo providers, so the cards can say so. */
export const connectServicesActors = {
  loadDemoFlags: fromPromise<DemoFlags>(async () => {
    const config = await getClientConfig();
    return { spotify: config.spotify.demo, trakt: config.trakt.demo, steam: config.steam.demo };
  }),
};
