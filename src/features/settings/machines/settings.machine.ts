import { assign, setup, type SnapshotFrom } from 'xstate';
import { messageFor } from '../../../domain/errorText';
import { messages } from '../../../domain/messages';
import { defaultSettings, type PrivacySettings, type Settings } from '../../../domain/settings';
import { socialFailureText } from '../../../domain/socialFailure';
import { notProvided } from '../../../shared/machines/notProvided';

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
  /** The privacy others see: a member's as the server last confirmed it (a guest's is the device's). */
  sharedPrivacy: PrivacySettings;
  /** What was just done, shown in the page's status line (docs/product.md: 'App data cleared successfully!'). */
  notice: string | null;
}

function privacyOf(settings: Settings): PrivacySettings {
  return { profileVisibility: settings.profileVisibility, showOnlineStatus: settings.showOnlineStatus };
}

type SettingsEvent =
  | { type: 'TOGGLE'; setting: SettingName }
  | { type: 'CLEAR_DATA' }
  | { type: 'LOG_OUT' }
  | { type: 'DOWNLOAD' }
  /** The answers to the in-page question Clear App Data and Log Out ask first. */
  | { type: 'CONFIRM' }
  | { type: 'CANCEL' }
  | { type: 'DISMISS_NOTICE' };

/**
 * Settings: five toggles saved on every change, Clear App Data and Log Out behind in-page questions (the screen
 * shows them while the machine is in confirmingClear / confirmingLogOut and answers CONFIRM or CANCEL), data export
 * (for a member it includes the server's copy, so it is fetched before the file is offered).
 */
export const settingsMachine = setup({
  types: {} as { context: SettingsContext; events: SettingsEvent },
  // The real ones are the feature's actors/settings.actors.ts, given the app's session.
  actors: {
    /** The device's settings; a member's privacy switches as the server keeps them. */
    loadSettings: notProvided<Settings>('loadSettings'),
    /** The device's data, plus the server's copy while a member is signed in. */
    exportData: notProvided<unknown>('exportData'),
    saveSettings: notProvided<unknown, Settings>('saveSettings'),
    /** A guest's privacy stays on the device; a member's is told to the server, answering what it then keeps. */
    sharePrivacy: notProvided<PrivacySettings, PrivacySettings>('sharePrivacy'),
  },
  guards: {
    isTheme: ({ event }) => event.type === 'TOGGLE' && event.setting === 'theme',
    isPrivacy: ({ event }) => event.type === 'TOGGLE' && (event.setting === 'profileVisibility' || event.setting === 'showOnlineStatus'),
    turnsNotificationsOn: ({ context, event }) => event.type === 'TOGGLE' && event.setting === 'notifications' && !context.settings.notifications,
  },
  actions: {
    toggle: assign(({ context }, params: { setting: SettingName }) => ({ settings: toggled(context.settings, params.setting), error: null })),
    // The device-side actions below are provided with the feature's actors.
    // Browsers ask only while the person acts: this runs inside the switch's click.
    askNotificationPermission: () => undefined,
    clearData: () => undefined,
    logOut: () => undefined,
    endSession: () => {
      // Provided by the screen: ends a member's server session (POST /api/auth/logout); guests have none.
    },
    applyTheme: () => {
      // Provided by the screen: applyTheme(context.settings.theme) from src/shared/ui/theme.ts.
    },
    clearNotice: assign({ notice: null }),
    goToAuth: () => {
      // Provided by the screen: navigate('/auth').
    },
    // Offers the exported data as a file.
    saveExport: (_, _params: { data: unknown }) => undefined,
  },
}).createMachine({
  id: 'settings',
  context: { settings: defaultSettings(), error: null, sharedPrivacy: privacyOf(defaultSettings()), notice: null },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadSettings',
        src: 'loadSettings',
        onDone: { target: 'ready', actions: assign({ settings: ({ event }) => event.output, sharedPrivacy: ({ event }) => privacyOf(event.output) }) },
        // Reads fall back to defaults on bad data, so this only guards against the unexpected.
        onError: { target: 'ready' },
      },
    },
    ready: {
      initial: 'saved',
      states: {
        // Download, Clear App Data and Log Out each leave `ready`, which would stop a save on its way and leave a
        // switch showing what was never stored; so they start only once every change is saved (the screen keeps
        // their buttons disabled until then).
        saved: {
          on: {
            CLEAR_DATA: { target: '#settings.confirmingClear', actions: 'clearNotice' },
            LOG_OUT: { target: '#settings.confirmingLogOut', actions: 'clearNotice' },
            DOWNLOAD: { target: '#settings.exporting', actions: [assign({ error: null }), 'clearNotice'] },
          },
        },
        // A privacy switch is told to the server first; a refusal puts the switch back where the server has it.
        sharing: {
          invoke: {
            id: 'sharePrivacy',
            src: 'sharePrivacy',
            input: ({ context }) => privacyOf(context.settings),
            onDone: {
              target: 'saving',
              actions: assign(({ context, event }) => ({ settings: { ...context.settings, ...event.output }, sharedPrivacy: event.output })),
            },
            onError: {
              target: 'saving',
              actions: assign(({ context, event }) => ({
                settings: { ...context.settings, ...context.sharedPrivacy },
                error: socialFailureText(event.error),
              })),
            },
          },
        },
        // Each toggle saves the whole settings object; a toggle during a save starts a fresh one with the latest.
        saving: {
          invoke: {
            id: 'saveSettings',
            src: 'saveSettings',
            input: ({ context }) => context.settings,
            onDone: 'saved',
            onError: {
              target: 'saved',
              actions: assign({ error: ({ event }) => messageFor(event.error, messages.social.settingsSaveFailed) }),
            },
          },
        },
      },
      on: {
        TOGGLE: [
          {
            guard: 'isTheme',
            target: '.saving',
            reenter: true,
            actions: [{ type: 'toggle', params: ({ event }) => ({ setting: event.setting }) }, 'applyTheme', 'clearNotice'],
          },
          {
            guard: 'isPrivacy',
            target: '.sharing',
            reenter: true,
            actions: [{ type: 'toggle', params: ({ event }) => ({ setting: event.setting }) }, 'clearNotice'],
          },
          {
            guard: 'turnsNotificationsOn',
            target: '.saving',
            reenter: true,
            actions: [{ type: 'toggle', params: ({ event }) => ({ setting: event.setting }) }, 'askNotificationPermission', 'clearNotice'],
          },
          { target: '.saving', reenter: true, actions: [{ type: 'toggle', params: ({ event }) => ({ setting: event.setting }) }, 'clearNotice'] },
        ],
        DISMISS_NOTICE: { actions: 'clearNotice' },
      },
    },
    exporting: {
      invoke: {
        id: 'exportData',
        src: 'exportData',
        onDone: { target: 'ready', actions: { type: 'saveExport', params: ({ event }) => ({ data: event.output }) } },
        onError: { target: 'ready', actions: assign({ error: ({ event }) => messageFor(event.error, messages.members.exportFailed) }) },
      },
    },
    confirmingClear: {
      on: {
        CONFIRM: {
          target: 'ready',
          actions: ['clearData', assign({ settings: () => defaultSettings(), error: null, notice: messages.settings.cleared }), 'applyTheme'],
        },
        CANCEL: 'ready',
      },
    },
    confirmingLogOut: {
      on: { CONFIRM: 'loggedOut', CANCEL: 'ready' },
    },
    loggedOut: {
      type: 'final',
      entry: ['logOut', 'endSession', 'goToAuth'],
    },
  },
});

export interface SettingsQuestion {
  title: string;
  message: string;
  confirmLabel: string;
}

/** Download, Clear App Data and Log Out can start: the settings are loaded and every change shown is saved. */
export function selectEverythingSaved(snapshot: SnapshotFrom<typeof settingsMachine>): boolean {
  return snapshot.matches({ ready: 'saved' });
}

/** The question on screen while Clear App Data or Log Out waits for an answer (docs/product.md's words); null otherwise. */
export function selectQuestion(snapshot: SnapshotFrom<typeof settingsMachine>): SettingsQuestion | null {
  const texts = messages.settings;
  if (snapshot.matches('confirmingClear')) return { title: texts.clearAction, message: texts.confirmClear, confirmLabel: texts.clearAction };
  if (snapshot.matches('confirmingLogOut')) return { title: texts.logOutAction, message: texts.confirmLogout, confirmLabel: texts.logOutAction };
  return null;
}
