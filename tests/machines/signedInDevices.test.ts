import { describe, expect } from 'vitest';
import { signedInDevicesMachine } from '../../src/features/settings/machines/signedInDevices.machine';
import { done, failed, isDone, isFailed, itCoversTheModel, pathEvents, type ModelEvent, type StateView } from '../support/modelTest';

// Settings' 'Signed-in devices' (docs/product.md): the member's sessions as the server lists them; 'Sign out' on
// another device's row and 'Sign out everywhere else' end sessions and read the list again; this device cannot
// be signed out from its own row; a refusal is said above the list and the rows stay as they were.

interface Device {
  id: string;
  name: string;
  lastActive: string;
  current: boolean;
}

const THIS: Device = { id: 'a'.repeat(32), name: 'Chrome on Linux', lastActive: 'Active now', current: true };
const PHONE: Device = { id: 'b'.repeat(32), name: 'Safari on iPhone', lastActive: 'Active 1 hour ago', current: false };
const TABLET: Device = { id: 'c'.repeat(32), name: 'Chrome on Android', lastActive: 'Active on 20 Nov 2026', current: false };
const LOAD_FAILED = 'Could not load your signed-in devices.';
const SIGN_OUT_FAILED = 'Could not sign that device out. Please try again.';

const events: ModelEvent[] = [
  done('loadDevices', [THIS, PHONE, TABLET]),
  done('loadDevices', [THIS]),
  failed('loadDevices', new Error('offline')),
  { type: 'RETRY' },
  { type: 'RELOAD' },
  { type: 'SIGN_OUT', id: PHONE.id },
  { type: 'SIGN_OUT', id: THIS.id },
  { type: 'SIGN_OUT_OTHERS' },
  done('endDevice'),
  failed('endDevice', new Error('offline')),
  done('endOtherDevices'),
  failed('endOtherDevices', new Error('offline')),
];

type Mode = 'loading' | 'failed' | 'ready' | 'endingOne' | 'endingOthers';

function expected(steps: ModelEvent[]) {
  let mode: Mode = 'loading';
  let devices: Device[] = [];
  let ending: string | null = null;
  let error: string | null = null;
  let loads = 1;
  const endedOne: string[] = [];
  let endedOthers = 0;
  for (const event of steps) {
    if (isDone('loadDevices')(event)) [mode, devices] = ['ready', event.output as Device[]];
    else if (isFailed('loadDevices')(event)) [mode, error] = ['failed', LOAD_FAILED];
    else if (event.type === 'RETRY' && mode === 'failed') [mode, error, loads] = ['loading', null, loads + 1];
    else if (event.type === 'RELOAD' && mode === 'ready') [mode, error, loads] = ['loading', null, loads + 1];
    else if (event.type === 'SIGN_OUT' && mode === 'ready' && devices.some((d) => d.id === event.id && !d.current)) {
      [mode, ending, error] = ['endingOne', event.id as string, null];
      endedOne.push(event.id as string);
    } else if (event.type === 'SIGN_OUT_OTHERS' && mode === 'ready' && devices.some((d) => !d.current)) [mode, error, endedOthers] = ['endingOthers', null, endedOthers + 1];
    else if (isDone('endDevice')(event)) [mode, devices, ending, loads] = ['loading', devices.filter((d) => d.id !== ending), null, loads + 1];
    else if (isFailed('endDevice')(event)) [mode, ending, error] = ['ready', null, SIGN_OUT_FAILED];
    else if (isDone('endOtherDevices')(event)) [mode, devices, loads] = ['loading', devices.filter((d) => d.current), loads + 1];
    else if (isFailed('endOtherDevices')(event)) [mode, error] = ['ready', SIGN_OUT_FAILED];
  }
  return { context: { devices, ending, error }, loads, endedOne, endedOthers };
}

type View = StateView<typeof signedInDevicesMachine>;

function shows(view: View) {
  const want = expected(pathEvents(view.path));
  expect(view.context).toEqual(want.context);
  expect(view.env.pending.get('loadDevices') ?? []).toHaveLength(want.loads);
  expect((view.env.pending.get('endDevice') ?? []).map((d) => d.input)).toEqual(want.endedOne.map((id) => ({ id })));
  expect(view.env.pending.get('endOtherDevices') ?? []).toHaveLength(want.endedOthers);
}

describe("'Signed-in devices' machine (model-based)", () => {
  itCoversTheModel(
    'lists the sessions, signs out another device or every other one, never this one, and reads the list again',
    {
      machine: signedInDevicesMachine,
      events,
      limit: 2000,
      states: {
        loading: shows,
        failed: (view) => {
          shows(view);
          expect(view.context.error).toBe(LOAD_FAILED);
        },
        ready: shows,
        endingOne: (view) => {
          shows(view);
          expect(view.context.ending).toBe(PHONE.id);
        },
        endingOthers: shows,
      },
    },
    { states: 6 },
  );
});
