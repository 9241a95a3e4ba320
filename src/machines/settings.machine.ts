import { assign, fromPromise, setup } from 'xstate';
import { messageFor } from '../domain/errorText';
import { messages } from '../domain/messages';
import { defaultSettings, type Settings } from '../domain/settings';
import { clearAppData, logOutStorage } from '../storage/appData';
import { settingsKey } from '../storage/settings';

export type SettingName = keyof Settings;

export function toggled(settings: Settings, name: SettingName): Settings {
  switch (name) {
    case 'theme':
      return { ...settings, theme: settings.theme === 'dark' ? 'light' : 'dark' };
    case 'profileVisibility':
      return { ...settings, profileVisibility: settings.profileVisibility === 'public' ? 'private' : 'public' };
    default:
      return { ...settings, [name]: !settings[name] };
  }
}

export interface SettingsContext {
  settings: Settings;
  error: string | null;
}

type SettingsEvent =
  | { type: 'TOGGLE'; setting: SettingName }
  | { type: 'SAVE_FAILED'; message: string }
  | { type: 'CLEAR_DATA' }
  | { type: 'LOG_OUT' }
  | { type: 'DOWNLOAD' };

/** Settings: five toggles saved on every change, Clear App Data and Log Out behind confirmations, data export. */
export const settingsMachine = setup({
  types: {} as { context: SettingsContext; events: SettingsEvent },
  actors: {
    loadSettings: fromPromise<Settings>(async () => settingsKey.read()),
    // Provided by the screen: window.confirm(message).
    confirm: fromPromise<boolean, { message: string }>(async () => false),
  },
  guards: {
    isTheme: ({ event }) => event.type === 'TOGGLE' && event.setting === 'theme',
    confirmed: ({ event }) => (event as unknown as { output: unknown }).output === true,
  },
  actions: {
    persistSettings: ({ context, self }) => {
      try {
        settingsKey.write(context.settings);
      } catch (error) {
        self.send({ type: 'SAVE_FAILED', message: messageFor(error, messages.social.settingsSaveFailed) });
      }
    },
    clearData: () => clearAppData(),
    logOut: () => logOutStorage(),
    applyTheme: () => {
      // Provided by the screen: applyTheme(context.settings.theme) from src/ui/theme.ts.
    },
    notify: (_, _params: { message: string }) => {
      // Provided by the screen: window.alert(message).
    },
    goToAuth: () => {
      // Provided by the screen: navigate('/auth').
    },
    downloadData: () => {
      // Provided by the screen: saves exportUserData() as a JSON file.
    },
  },
}).createMachine({
  id: 'settings',
  context: { settings: defaultSettings(), error: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        onDone: { target: 'ready', actions: assign({ settings: ({ event }) => event.output }) },
        // Reads fall back to defaults on bad data, so this only guards against the unexpected.
        onError: { target: 'ready' },
      },
    },
    ready: {
      on: {
        TOGGLE: [
          {
            guard: 'isTheme',
            actions: [
              assign({ settings: ({ context, event }) => toggled(context.settings, event.setting), error: null }),
              'persistSettings',
              'applyTheme',
            ],
          },
          {
            actions: [assign({ settings: ({ context, event }) => toggled(context.settings, event.setting), error: null }), 'persistSettings'],
          },
        ],
        SAVE_FAILED: { actions: assign({ error: ({ event }) => event.message }) },
        CLEAR_DATA: 'confirmingClear',
        LOG_OUT: 'confirmingLogOut',
        DOWNLOAD: { actions: 'downloadData' },
      },
    },
    confirmingClear: {
      invoke: {
        id: 'confirmClear',
        src: 'confirm',
        input: { message: messages.settings.confirmClear },
        onDone: [
          {
            guard: 'confirmed',
            target: 'ready',
            actions: [
              'clearData',
              assign({ settings: () => defaultSettings(), error: null }),
              'applyTheme',
              { type: 'notify', params: { message: messages.settings.cleared } },
            ],
          },
          { target: 'ready' },
        ],
        onError: { target: 'ready' },
      },
    },
    confirmingLogOut: {
      invoke: {
        id: 'confirmLogOut',
        src: 'confirm',
        input: { message: messages.settings.confirmLogout },
        onDone: [{ guard: 'confirmed', target: 'loggedOut' }, { target: 'ready' }],
        onError: { target: 'ready' },
      },
    },
    loggedOut: {
      type: 'final',
      entry: ['logOut', 'goToAuth'],
    },
  },
});
