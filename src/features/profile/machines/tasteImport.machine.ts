import { assign, setup } from 'xstate';
import { messageFor } from '../../../domain/errorText';
import { messages } from '../../../domain/messages';
import type { ServiceName } from '../../../domain/profile';
import type { TasteOffer } from '../../../domain/tasteImport';
import { actionNotProvided, callbackNotProvided, notProvided } from '../../../shared/machines/notProvided';

// Importing taste from a service that has just connected, with consent: once its connect is
// done (a mark that survives the OAuth redirect), fetch what it reports, offer up to 5 new items, and add
// all of them, the ones picked, or none. An accepted import is saved like any profile edit.

export interface TasteImportContext {
  service: ServiceName;
  offer: TasteOffer | null;
  /** the items that will be added: all of them, or the ones ticked while picking */
  picked: string[];
  /** what the last accepted import added, for the notice */
  added: string[];
  error: string | null;
}

export type TasteImportEvent =
  | { type: 'CONNECTED' }
  | { type: 'ADD_ALL' }
  | { type: 'PICK' }
  | { type: 'TOGGLE'; item: string }
  | { type: 'ADD_PICKED' }
  | { type: 'DISMISS' };

export const tasteImportMachine = setup({
  types: {} as { input: { service: ServiceName }; context: TasteImportContext; events: TasteImportEvent },
  actors: {
    // Sends CONNECTED for a fresh connect at start (the OAuth return) and whenever one is marked later (Steam, on this page).
    watchConnects: callbackNotProvided<TasteImportEvent, { service: ServiceName }>('watchConnects'),
    /** What the service reports that the profile lacks (up to 5 items). */
    loadOffer: notProvided<TasteOffer, { service: ServiceName }>('loadOffer'),
    /** Adds the accepted items to the profile, saved like any profile edit. */
    saveImport: notProvided<unknown, { offer: TasteOffer; items: string[] }>('saveImport'),
  },
  guards: {
    offersSomething: (_, params: { offer: TasteOffer }) => params.offer.items.length > 0,
    somethingPicked: ({ context }) => context.picked.length > 0,
  },
  actions: {
    /** Where the app is assembled: clears context.service's just-connected mark, so it is offered once. */
    settle: actionNotProvided('settle'),
    logFailure: (_, params: { what: string; error: unknown }) => console.error(params.what, params.error),
  },
}).createMachine({
  id: 'tasteImport',
  context: ({ input }) => ({ service: input.service, offer: null, picked: [], added: [], error: null }),
  invoke: {
    id: 'watchConnects',
    src: 'watchConnects',
    input: ({ context }) => ({ service: context.service }),
    onError: { actions: { type: 'logFailure', params: ({ event }) => ({ what: 'Watching for connects failed', error: event.error }) } },
  },
  initial: 'idle',
  states: {
    idle: {
      on: { CONNECTED: 'loading' },
    },
    loading: {
      invoke: {
        id: 'loadOffer',
        src: 'loadOffer',
        input: ({ context }) => ({ service: context.service }),
        onDone: [
          {
            guard: { type: 'offersSomething', params: ({ event }) => ({ offer: event.output }) },
            target: 'offered',
            actions: assign({ offer: ({ event }) => event.output, picked: ({ event }) => [...event.output.items], error: null }),
          },
          // Nothing new to offer (the profile has it all already): nothing to ask.
          { target: 'idle', actions: 'settle' },
        ],
        // The import is a bonus: a service that cannot answer now only means no offer.
        onError: {
          target: 'idle',
          actions: ['settle', { type: 'logFailure', params: ({ event }) => ({ what: 'Loading the taste offer failed', error: event.error }) }],
        },
      },
    },
    offered: {
      on: {
        ADD_ALL: { target: 'saving', actions: assign({ picked: ({ context }) => [...(context.offer?.items ?? [])] }) },
        PICK: { target: 'picking', actions: assign({ error: null }) },
        DISMISS: { target: 'idle', actions: ['settle', assign({ offer: null, picked: [], error: null })] },
      },
    },
    picking: {
      on: {
        TOGGLE: {
          actions: assign({
            // Kept in the offer's order, and only items it offers.
            picked: ({ context, event }) => {
              const has = context.picked.includes(event.item);
              return (context.offer?.items ?? []).filter((item) => (item === event.item ? !has : context.picked.includes(item)));
            },
          }),
        },
        ADD_PICKED: { guard: 'somethingPicked', target: 'saving' },
        DISMISS: { target: 'idle', actions: ['settle', assign({ offer: null, picked: [], error: null })] },
      },
    },
    saving: {
      invoke: {
        id: 'saveImport',
        src: 'saveImport',
        input: ({ context }) => ({ offer: context.offer!, items: context.picked }),
        onDone: { target: 'added', actions: ['settle', assign({ added: ({ context }) => context.picked, offer: null, picked: [], error: null })] },
        onError: {
          target: 'offered',
          actions: [
            assign({ error: ({ event }) => messageFor(event.error, messages.storage.full) }),
            { type: 'logFailure', params: ({ event }) => ({ what: 'Saving the taste import failed', error: event.error }) },
          ],
        },
      },
    },
    added: {
      on: {
        DISMISS: { target: 'idle', actions: assign({ added: [] }) },
        CONNECTED: { target: 'loading', actions: assign({ added: [] }) },
      },
    },
  },
});
