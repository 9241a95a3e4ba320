import { assign, setup } from 'xstate';
import { notProvided } from '../../../shared/machines/notProvided';
import { providerAuthMachine } from './providerAuth.machine';
import { steamConnectMachine } from './steamConnect.machine';

// The Connect Services cards: one provider-auth instance per OAuth service, the Steam connection, and
// which services run as demo providers (from /api/config) so the cards can say so. The cards' own IO is
// provided with them: where the app is assembled, this machine's provide passes the cards' machines on.

export interface DemoFlags {
  spotify: boolean;
  trakt: boolean;
  steam: boolean;
}

export const connectServicesMachine = setup({
  types: {} as {
    context: { demo: DemoFlags };
    children: { spotify: 'providerAuth'; trakt: 'providerAuth'; steam: 'steamConnect'; config: 'loadDemoFlags' };
  },
  actors: {
    providerAuth: providerAuthMachine,
    steamConnect: steamConnectMachine,
    /** Which services the server runs as demo providers (its /api/config). */
    loadDemoFlags: notProvided<DemoFlags>('loadDemoFlags'),
  },
  actions: {
    logFailure: (_, params: { what: string; error: unknown }) => console.error(params.what, params.error),
  },
}).createMachine({
  id: 'connectServices',
  context: { demo: { spotify: false, trakt: false, steam: false } },
  invoke: [
    {
      id: 'spotify',
      src: 'providerAuth',
      input: { provider: 'spotify' },
      onError: { actions: { type: 'logFailure', params: ({ event }) => ({ what: 'Spotify connection failed', error: event.error }) } },
    },
    {
      id: 'trakt',
      src: 'providerAuth',
      input: { provider: 'trakt' },
      onError: { actions: { type: 'logFailure', params: ({ event }) => ({ what: 'Trakt connection failed', error: event.error }) } },
    },
    {
      id: 'steam',
      src: 'steamConnect',
      onError: { actions: { type: 'logFailure', params: ({ event }) => ({ what: 'Steam connection failed', error: event.error }) } },
    },
  ],
  initial: 'loadingConfig',
  states: {
    loadingConfig: {
      invoke: {
        id: 'config',
        src: 'loadDemoFlags',
        onDone: { target: 'ready', actions: assign({ demo: ({ event }) => event.output }) },
        // Without the config the cards still work; they just cannot say which services are demos.
        onError: { target: 'ready', actions: { type: 'logFailure', params: ({ event }) => ({ what: 'config unavailable', error: event.error }) } },
      },
    },
    ready: {},
  },
});
