import { fromCallback, fromPromise, setup } from 'xstate';
import { isSessionEnded, MemberApiError } from '../../../shared/http/errors';
import { onOwnProfileChanged } from '../services/ownProfileChanges';
import { pushProfile, reconcileProfile, watchLocalEdits, type PushOutcome, type SyncOutcome } from '../services/profileSync';

/**
 * A member's profile sync (docs/testing.md "Members", local-first). Screens keep writing `user_profile` at once;
 * this machine hears those writes, waits until the member pauses (`syncDelay`) and sends the profile.
 * Offline or failed sends wait for the browser's `online` event (or `retryDelay`) and then start over by
 * comparing with the server, so the newer `updatedAt` wins. A profile the server refuses (4xx) waits for the
 * next edit rather than being resent. A 401 ends the machine: the session is over. When the profile was saved on
 * another device (SAVED_ELSEWHERE, from the live channel) an idle or waiting sync compares again, so every open
 * device shows the newest profile; one with an edit on its way sends it first (the newer still wins).
 */
export interface ProfileSyncInput {
  memberId: string;
}

export type ProfileSyncEvent = { type: 'LOCAL_EDIT' } | { type: 'ONLINE' } | { type: 'SAVED_ELSEWHERE' };

export const profileSyncMachine = setup({
  types: {} as { context: ProfileSyncInput; input: ProfileSyncInput; events: ProfileSyncEvent; output: { sessionEnded: true } },
  actors: {
    reconcileProfile: fromPromise<SyncOutcome, ProfileSyncInput>(({ input }) => reconcileProfile(input.memberId)),
    pushProfile: fromPromise<PushOutcome, ProfileSyncInput>(({ input }) => pushProfile(input.memberId, () => Date.now())),
    watchLocalEdits: fromCallback<ProfileSyncEvent, ProfileSyncInput>(({ input, sendBack }) =>
      watchLocalEdits(input.memberId, () => Date.now(), () => sendBack({ type: 'LOCAL_EDIT' })),
    ),
    watchSavedElsewhere: fromCallback<ProfileSyncEvent>(({ sendBack }) => onOwnProfileChanged(() => sendBack({ type: 'SAVED_ELSEWHERE' }))),
    watchConnectivity: fromCallback<ProfileSyncEvent>(({ sendBack }) => {
      const online = () => sendBack({ type: 'ONLINE' });
      window.addEventListener('online', online);
      return () => window.removeEventListener('online', online);
    }),
  },
  guards: {
    needsPush: (_, outcome: SyncOutcome) => outcome.needsPush,
    stillPending: (_, outcome: PushOutcome) => outcome.stillPending,
    sessionEnded: ({ event }) => isSessionEnded((event as { error?: unknown }).error),
    // The server read the profile and said no (a picture it will not keep, a field it refuses): sending the
    // same profile again cannot help, so the next edit is awaited instead of a retry.
    refusedByServer: ({ event }) => {
      const error = (event as { error?: unknown }).error;
      return error instanceof MemberApiError && error.status >= 400 && error.status < 500 && error.status !== 429;
    },
  },
  actions: {
    logSyncFailure: ({ event }) => console.warn('Profile sync will retry', (event as { error?: unknown }).error),
    logRefusal: ({ event }) => console.warn('The server refused the profile; it stays on this device', (event as { error?: unknown }).error),
    logWatchFailure: ({ event }) => console.error('Profile sync cannot listen for changes', (event as { error?: unknown }).error),
  },
  delays: {
    syncDelay: 1000,
    retryDelay: 30_000,
  },
}).createMachine({
  id: 'profileSync',
  context: ({ input }) => ({ memberId: input.memberId }),
  invoke: [
    { id: 'watchLocalEdits', src: 'watchLocalEdits', input: ({ context }) => context, onError: { actions: 'logWatchFailure' } },
    { id: 'watchConnectivity', src: 'watchConnectivity', onError: { actions: 'logWatchFailure' } },
    { id: 'watchSavedElsewhere', src: 'watchSavedElsewhere', onError: { actions: 'logWatchFailure' } },
  ],
  initial: 'reconciling',
  states: {
    reconciling: {
      invoke: {
        id: 'reconcileProfile',
        src: 'reconcileProfile',
        input: ({ context }) => context,
        onDone: [{ guard: { type: 'needsPush', params: ({ event }) => event.output }, target: 'pushing' }, { target: 'idle' }],
        onError: [{ guard: 'sessionEnded', target: 'sessionEnded' }, { target: 'waitingForNetwork', actions: 'logSyncFailure' }],
      },
    },
    idle: {
      on: { LOCAL_EDIT: 'debouncing', SAVED_ELSEWHERE: 'reconciling' },
    },
    debouncing: {
      after: { syncDelay: 'pushing' },
      // Every further edit restarts the wait, so a burst of typing is sent once.
      on: { LOCAL_EDIT: { target: 'debouncing', reenter: true } },
    },
    pushing: {
      invoke: {
        id: 'pushProfile',
        src: 'pushProfile',
        input: ({ context }) => context,
        onDone: [{ guard: { type: 'stillPending', params: ({ event }) => event.output }, target: 'debouncing' }, { target: 'idle' }],
        onError: [
          { guard: 'sessionEnded', target: 'sessionEnded' },
          { guard: 'refusedByServer', target: 'refused', actions: 'logRefusal' },
          { target: 'waitingForNetwork', actions: 'logSyncFailure' },
        ],
      },
    },
    waitingForNetwork: {
      // Edits made meanwhile are already marked pending in storage; the next reconcile sends them.
      after: { retryDelay: 'reconciling' },
      on: { ONLINE: 'reconciling', SAVED_ELSEWHERE: 'reconciling' },
    },
    refused: {
      // The edit stays on the device (and pending in storage); a later edit is tried again.
      on: { LOCAL_EDIT: 'debouncing' },
    },
    sessionEnded: { type: 'final' },
  },
  output: { sessionEnded: true },
});
