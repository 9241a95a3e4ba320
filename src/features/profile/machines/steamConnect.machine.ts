import { assign, setup } from 'xstate';
import { messageFor } from '../../../domain/errorText';
import { messages } from '../../../domain/messages';
import { callbackNotProvided, notProvided } from '../../../shared/machines/notProvided';

// Steam connect (docs/product.md sections 4 and 5): resolve the typed id or URL, require a public player, then
// keep the id under steam_id and the account name beside it. The stored id is the truth: a watcher reports it
// at start and on change, with the stored name when that name belongs to the same id (an older install kept
// only the id; the card then shows the id).

export interface SteamConnection {
  steamId: string;
  personaName: string;
}

export type SteamConnectEvent =
  | { type: 'TYPE'; value: string }
  | { type: 'CONNECT' }
  | { type: 'DISCONNECT' }
  | { type: 'ID_STORED'; steamId: string; personaName: string }
  | { type: 'ID_CLEARED' };

interface SteamContext {
  text: string;
  error: string | null;
  steamId: string;
  personaName: string;
}

export const steamConnectMachine = setup({
  types: {} as { context: SteamContext; events: SteamConnectEvent },
  actors: {
    /** Sends ID_STORED (with the stored name when it belongs to that id) or ID_CLEARED at start and on every change. */
    watchSteamId: callbackNotProvided<SteamConnectEvent>('watchSteamId'),
    /** Resolves the typed id or URL and checks the player is public; failures are AppErrors whose text the card shows. */
    connectSteam: notProvided<SteamConnection, { text: string }>('connectSteam'),
  },
  guards: {
    inputBlank: ({ context }) => context.text.trim() === '',
  },
  actions: {
    // The device's side of the connection, provided where the app is assembled.
    /** Keeps the id and the account's name on the device. */
    storeSteamId: (_, _params: SteamConnection) => {},
    forgetSteamId: () => {},
    /** The profile's Steam flag, kept true to the stored id. */
    markConnected: () => {},
    /** A connect just made (not one found in storage) offers the account's games. */
    offerTaste: () => {},
    markDisconnected: () => {},
    /** No Steam id here at start says nothing about a member's other devices. */
    noteNoIdHere: () => {},
    logFailure: (_, params: { error: unknown }) => console.error('Steam connection failed', params.error),
  },
}).createMachine({
  id: 'steamConnect',
  context: { text: '', error: null, steamId: '', personaName: '' },
  invoke: {
    id: 'watchSteamId',
    src: 'watchSteamId',
    onError: { actions: { type: 'logFailure', params: ({ event }) => ({ error: event.error }) } },
  },
  initial: 'checking',
  states: {
    checking: {
      on: {
        ID_STORED: { target: 'connected', actions: assign({ steamId: ({ event }) => event.steamId, personaName: ({ event }) => event.personaName }) },
        ID_CLEARED: { target: 'idle', actions: 'noteNoIdHere' },
      },
    },
    // The profile's flag changes only when a connection here ends (Disconnect, or another tab's).
    idle: {
      on: {
        TYPE: { actions: assign({ text: ({ event }) => event.value }) },
        CONNECT: [
          { guard: 'inputBlank', target: 'error', actions: assign({ error: messages.steam.inputEmpty }) },
          { target: 'connecting' },
        ],
        ID_STORED: { target: 'connected', actions: assign({ steamId: ({ event }) => event.steamId, personaName: ({ event }) => event.personaName }) },
      },
    },
    connecting: {
      invoke: {
        id: 'connect',
        src: 'connectSteam',
        input: ({ context }) => ({ text: context.text }),
        onDone: {
          target: 'connected',
          actions: [
            assign({ steamId: ({ event }) => event.output.steamId, personaName: ({ event }) => event.output.personaName, text: '', error: null }),
            { type: 'storeSteamId', params: ({ event }) => event.output },
            'offerTaste',
          ],
        },
        onError: {
          target: 'error',
          actions: [
            assign({ error: ({ event }) => messageFor(event.error, messages.steam.connectFailed) }),
            { type: 'logFailure', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    error: {
      on: {
        // Editing the text starts over: the old error no longer describes it.
        TYPE: { target: 'idle', actions: assign({ text: ({ event }) => event.value, error: null }) },
        CONNECT: [
          { guard: 'inputBlank', target: 'error', reenter: true, actions: assign({ error: messages.steam.inputEmpty }) },
          { target: 'connecting', actions: assign({ error: null }) },
        ],
        ID_STORED: { target: 'connected', actions: assign({ steamId: ({ event }) => event.steamId, personaName: ({ event }) => event.personaName, error: null }) },
      },
    },
    connected: {
      entry: 'markConnected',
      on: {
        DISCONNECT: { target: 'idle', actions: ['forgetSteamId', assign({ steamId: '', personaName: '', text: '' }), 'markDisconnected'] },
        ID_CLEARED: { target: 'idle', actions: [assign({ steamId: '', personaName: '' }), 'markDisconnected'] },
      },
    },
  },
});
