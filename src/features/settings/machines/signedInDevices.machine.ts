import { assertEvent, assign, setup } from 'xstate';
import { securityTexts, type ListedDevice } from '../../../domain/accountSecurity';
import { notProvided } from '../../../shared/machines/notProvided';

// Settings' 'Signed-in devices': the member's sessions as the server lists them, this device first. 'Sign
// out' on another row ends that session; 'Sign out everywhere else' ends all but this one. Either way the
// list is read again after, and a refusal is said above it with the rows kept as they were.

export interface SignedInDevicesContext {
  devices: ListedDevice[];
  /** The device being signed out (its public id), while that runs. */
  ending: string | null;
  error: string | null;
}

type SignedInDevicesEvent = { type: 'RETRY' } | { type: 'RELOAD' } | { type: 'SIGN_OUT'; id: string } | { type: 'SIGN_OUT_OTHERS' };

export const signedInDevicesMachine = setup({
  types: {} as { context: SignedInDevicesContext; events: SignedInDevicesEvent },
  // The real ones are the feature's actors/security.actors.ts, given the app's session.
  actors: {
    /** GET /api/me/devices. */
    loadDevices: notProvided<ListedDevice[]>('loadDevices'),
    /** DELETE /api/me/devices/:id (a device already gone counts as done). */
    endDevice: notProvided<unknown, { id: string }>('endDevice'),
    /** DELETE /api/me/devices: every session but this one. */
    endOtherDevices: notProvided('endOtherDevices'),
  },
  guards: {
    isAnotherDevice: ({ context, event }) => {
      assertEvent(event, 'SIGN_OUT');
      return context.devices.some((device) => device.id === event.id && !device.current);
    },
    hasOtherDevices: ({ context }) => context.devices.some((device) => !device.current),
  },
}).createMachine({
  id: 'signedInDevices',
  context: { devices: [], ending: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadDevices',
        src: 'loadDevices',
        onDone: { target: 'ready', actions: assign({ devices: ({ event }) => event.output }) },
        onError: { target: 'failed', actions: assign({ error: securityTexts.loadFailed }) },
      },
    },
    failed: {
      on: { RETRY: { target: 'loading', actions: assign({ error: null }) } },
    },
    ready: {
      on: {
        RELOAD: { target: 'loading', actions: assign({ error: null }) },
        SIGN_OUT: { guard: 'isAnotherDevice', target: 'endingOne', actions: assign({ ending: ({ event }) => event.id, error: null }) },
        SIGN_OUT_OTHERS: { guard: 'hasOtherDevices', target: 'endingOthers', actions: assign({ error: null }) },
      },
    },
    endingOne: {
      invoke: {
        id: 'endDevice',
        src: 'endDevice',
        input: ({ context }) => ({ id: context.ending ?? '' }),
        onDone: { target: 'loading', actions: assign(({ context }) => ({ devices: context.devices.filter((d) => d.id !== context.ending), ending: null })) },
        onError: { target: 'ready', actions: assign({ ending: null, error: securityTexts.signOutFailed }) },
      },
    },
    endingOthers: {
      invoke: {
        id: 'endOtherDevices',
        src: 'endOtherDevices',
        onDone: { target: 'loading', actions: assign(({ context }) => ({ devices: context.devices.filter((d) => d.current) })) },
        onError: { target: 'ready', actions: assign({ error: securityTexts.signOutFailed }) },
      },
    },
  },
});
