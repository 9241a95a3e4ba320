import { setup } from 'xstate';
import { isSessionEnded, MemberApiError } from '../../../domain/memberFailure';
import { callbackNotProvided, notProvided } from '../../../shared/machines/notProvided';

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

export interface SyncOutcome {
  /** True when the device copy is newer than the server's (or the server has none) and must be sent. */
  needsPush: boolean;
}

export interface PushOutcome {
  /** An edit arrived while this one was on its way: another push is due. */
  stillPending: boolean;
}

export const profileSyncMachine = setup({
  types: {} as { context: ProfileSyncInput; input: ProfileSyncInput; events: ProfileSyncEvent; output: { sessionEnded: true } },
  actors: {
    /** Compares the device copy with the server's; the newer `updatedAt` wins. */
    reconcileProfile: notProvided<SyncOutcome, ProfileSyncInput>('reconcileProfile'),
    /** Sends the device copy to the server. */
    pushProfile: notProvided<PushOutcome, ProfileSyncInput>('pushProfile'),
    /** Sends LOCAL_EDIT for every edit of the stored profile (this tab or another), marked pending with its time. */
    watchLocalEdits: callbackNotProvided<ProfileSyncEvent, ProfileSyncInput>('watchLocalEdits'),
    /** Sends SAVED_ELSEWHERE when the member's profile was saved on another device. */
    watchSavedElsewhere: callbackNotProvided<ProfileSyncEvent>('watchSavedElsewhere'),
    /** Sends ONLINE when the browser is back online. */
    watchConnectivity: callbackNotProvided<ProfileSyncEvent>('watchConnectivity'),
  },
  guards: {
    needsPush: (_, outcome: SyncOutcome) => outcome.needsPush,
    stillPending: (_, outcome: PushOutcome) => outcome.stillPending,
    sessionEnded: (_, params: { error: unknown }) => isSessionEnded(params.error),
    // The server read the profile and said no (a picture it will not keep, a field it refuses): sending the
    // same profile again cannot help, so the next edit is awaited instead of a retry.
    refusedByServer: (_, { error }: { error: unknown }) =>
      error instanceof MemberApiError && error.status >= 400 && error.status < 500 && error.status !== 429,
  },
  actions: {
    logSyncFailure: (_, params: { error: unknown }) => console.warn('Profile sync will retry', params.error),
    logRefusal: (_, params: { error: unknown }) => console.warn('The server refused the profile; it stays on this device', params.error),
    logWatchFailure: (_, params: { error: unknown }) => console.error('Profile sync cannot listen for changes', params.error),
  },
  delays: {
    syncDelay: 1000,
    retryDelay: 30_000,
  },
}).createMachine({
  id: 'profileSync',
  context: ({ input }) => ({ memberId: input.memberId }),
  invoke: [
    { id: 'watchLocalEdits', src: 'watchLocalEdits', input: ({ context }) => context, onError: { actions: { type: 'logWatchFailure', params: ({ event }) => ({ error: event.error }) } } },
    { id: 'watchConnectivity', src: 'watchConnectivity', onError: { actions: { type: 'logWatchFailure', params: ({ event }) => ({ error: event.error }) } } },
    { id: 'watchSavedElsewhere', src: 'watchSavedElsewhere', onError: { actions: { type: 'logWatchFailure', params: ({ event }) => ({ error: event.error }) } } },
  ],
  initial: 'reconciling',
  states: {
    reconciling: {
      invoke: {
        id: 'reconcileProfile',
        src: 'reconcileProfile',
        input: ({ context }) => context,
        onDone: [{ guard: { type: 'needsPush', params: ({ event }) => event.output }, target: 'pushing' }, { target: 'idle' }],
        onError: [{ guard: { type: 'sessionEnded', params: ({ event }) => ({ error: event.error }) }, target: 'sessionEnded' }, { target: 'waitingForNetwork', actions: { type: 'logSyncFailure', params: ({ event }) => ({ error: event.error }) } }],
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
          { guard: { type: 'sessionEnded', params: ({ event }) => ({ error: event.error }) }, target: 'sessionEnded' },
          { guard: { type: 'refusedByServer', params: ({ event }) => ({ error: event.error }) }, target: 'refused', actions: { type: 'logRefusal', params: ({ event }) => ({ error: event.error }) } },
          { target: 'waitingForNetwork', actions: { type: 'logSyncFailure', params: ({ event }) => ({ error: event.error }) } },
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
