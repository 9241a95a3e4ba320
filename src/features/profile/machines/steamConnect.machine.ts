import { assign, fromCallback, fromPromise, setup, type EventObject } from 'xstate';
import { AppError } from '../../../domain/errors';
import { messageFor } from '../../../domain/errorText';
import { messages } from '../../../domain/messages';
import { setServiceConnected } from '../services/connectedServices';
import { getPlayerSummary, PUBLIC_VISIBILITY } from '../services/steam';
import { offerTasteOf } from '../services/tasteImport';
import { resolveSteamId } from '../services/steamId';
import { steamAccountKey } from '../storage/steamAccount';
import { steamIdKey } from '../storage/steamId';

// Steam connect (docs/product.md sections 4 and 5): resolve the typed id or URL, require a public player, then
// keep the id under steam_id and the account name beside it. The stored id is the truth: a watcher reports it
// at start and on change, with the stored name when that name belongs to the same id (an older install kept
// only the id; the card then shows the id).

export interface SteamConnection {
  steamId: string;
  personaName: string;
}

/** Resolves the text and checks the player; failures are AppErrors whose text the card shows. */
export async function connectSteam(text: string): Promise<SteamConnection> {
  const steamId = await resolveSteamId(text);
  let player;
  try {
    player = await getPlayerSummary(steamId);
  } catch (error) {
    throw new AppError('STEAM_CONNECT_FAILED', { cause: error });
  }
  if (!player || player.communityvisibilitystate !== PUBLIC_VISIBILITY) throw new AppError('STEAM_PROFILE_NOT_FOUND');
  return { steamId, personaName: player.personaname };
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
    watchSteamId: fromCallback<EventObject>(({ sendBack }) => {
      const report = () => {
        const steamId = steamIdKey.read();
        const account = steamAccountKey.read();
        const personaName = account?.steamId === steamId ? account.personaName : '';
        sendBack(steamId ? { type: 'ID_STORED', steamId, personaName } : { type: 'ID_CLEARED' });
      };
      report();
      return steamIdKey.subscribe(report);
    }),
    connectSteam: fromPromise<SteamConnection, { text: string }>(({ input }) => connectSteam(input.text)),
  },
  guards: {
    inputBlank: ({ context }) => context.text.trim() === '',
  },
  actions: {
    storeSteamId: (_, params: SteamConnection) => {
      // The name first: the id's write wakes the watcher, which then finds the matching name.
      steamAccountKey.write(params.personaName ? params : null);
      steamIdKey.write(params.steamId);
    },
    forgetSteamId: () => {
      steamIdKey.remove();
      steamAccountKey.remove();
    },
    markConnected: () => setServiceConnected('steam', true),
    // A connect just made (not one found in storage) offers the account's games (issue 15).
    offerTaste: () => offerTasteOf('steam'),
    markDisconnected: () => setServiceConnected('steam', false),
    // No Steam id here at start says nothing about a member's other devices (connectedServices.ts); provided
    // where the app is assembled, which knows who the app serves.
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
