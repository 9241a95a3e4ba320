// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { selectQuestion, settingsMachine, toggled } from '../../src/features/settings/machines/settings.machine';
import { settingsDeviceActions } from '../../src/features/settings/actors/settings.actors';
import { AppError } from '../../src/domain/errors';
import { MemberApiError } from '../../src/shared/http/errors';
import type { Settings } from '../../src/domain/settings';
import { done, failed, isDone, isFailed, pathEvents, testModel, type ModelPath, type ReplayEnv, type StateView } from '../support/modelTest';

// docs/product.md's settings texts and defaults, written out rather than imported from the code under test.
const TEXT = {
  confirmClear: 'Are you sure you want to clear all app data? This will delete your profile, friends, and settings.',
  cleared: 'App data cleared successfully!',
  confirmLogout: 'Are you sure you want to log out?',
  saveFailed: 'Could not save this setting. Please try again.',
  storageFull:
    'Your browser storage is full, so this change could not be saved. Free some space (for example Settings → Clear App Data) and try again.',
  exportFailed: 'Could not download your data. Please try again.',
  offline: 'You appear to be offline. Please check your connection and try again.',
};
// What a member's server keeps after a privacy switch (it may differ from what was asked: the server wins).
const SERVER_PRIVACY = { profileVisibility: 'private', showOnlineStatus: true } as const;
const DEFAULTS: Settings = { theme: 'dark', profileVisibility: 'public', notifications: true, soundEffects: true, showOnlineStatus: true };
const TOKENS = ['spotify_access_token', 'spotify_refresh_token', 'trakt_access_token', 'trakt_refresh_token'];
const lightish: Settings = { theme: 'light', profileVisibility: 'private', notifications: false, soundEffects: true, showOnlineStatus: false };
const exported = { data: { user_profile: { username: 'me' } } };

function stored(): Settings | null {
  const raw = localStorage.getItem('user_settings');
  return raw === null ? null : (JSON.parse(raw) as Settings);
}

const events = [
  done('loadSettings', lightish),
  failed('loadSettings', new Error('broken')),
  { type: 'TOGGLE', setting: 'theme' },
  { type: 'TOGGLE', setting: 'notifications' },
  { type: 'TOGGLE', setting: 'profileVisibility' },
  done('sharePrivacy', SERVER_PRIVACY),
  failed('sharePrivacy', new MemberApiError('OFFLINE')),
  done('saveSettings'),
  failed('saveSettings', new AppError('STORAGE_FULL')),
  failed('saveSettings', new Error('denied')),
  { type: 'CLEAR_DATA' },
  { type: 'LOG_OUT' },
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
  { type: 'DOWNLOAD' },
  done('exportData', exported),
  failed('exportData', new Error('offline')),
];

type PathEvent = { type: string; setting?: keyof Settings; output?: unknown; error?: unknown };
const eventsOf = (path: ModelPath<typeof settingsMachine>) => pathEvents(path) as PathEvent[];
/** Each event with what it answers: CONFIRM / CANCEL answer the CLEAR_DATA or LOG_OUT still waiting, if any. */
function answered(events: PathEvent[]): { event: PathEvent; question: 'clear' | 'logOut' | null }[] {
  let asking: 'clear' | 'logOut' | null = null;
  return events.map((event) => {
    const question = event.type === 'CONFIRM' || event.type === 'CANCEL' ? asking : null;
    if (event.type === 'CLEAR_DATA' && asking === null) asking = 'clear';
    else if (event.type === 'LOG_OUT' && asking === null) asking = 'logOut';
    else if (question !== null) asking = null;
    return { event, question };
  });
}
const confirmedClears = (events: PathEvent[]) => answered(events).filter((a) => a.question === 'clear' && a.event.type === 'CONFIRM').length;

/** The settings and the error the screen should show after the path, worked out from docs/product.md's rules. */
function expectedAfter(path: ModelPath<typeof settingsMachine>): {
  settings: Settings;
  error: string | null;
  sharedPrivacy: Pick<Settings, 'profileVisibility' | 'showOnlineStatus'>;
  permissionAsks: number;
  notice: string | null;
} {
  let settings = DEFAULTS;
  let permissionAsks = 0;
  let error: string | null = null;
  let notice: string | null = null;
  const privacy = (s: Settings) => ({ profileVisibility: s.profileVisibility, showOnlineStatus: s.showOnlineStatus });
  let sharedPrivacy = privacy(DEFAULTS);
  for (const { event: e, question } of answered(eventsOf(path))) {
    // The notice stays until dismissed or the next action starts.
    if (['TOGGLE', 'CLEAR_DATA', 'LOG_OUT', 'DOWNLOAD', 'DISMISS_NOTICE'].includes(e.type)) notice = null;
    if (isDone('loadSettings')(e)) {
      settings = e.output as Settings;
      sharedPrivacy = privacy(settings);
    }
    if (isDone('sharePrivacy')(e)) {
      settings = { ...settings, ...SERVER_PRIVACY };
      sharedPrivacy = { ...SERVER_PRIVACY };
    }
    if (isFailed('sharePrivacy')(e)) {
      settings = { ...settings, ...sharedPrivacy };
      error = TEXT.offline;
    }
    if (e.type === 'TOGGLE') {
      // Push Notifications turned on asks the browser for permission; turned off, nothing is asked.
      if (e.setting === 'notifications' && !settings.notifications) permissionAsks += 1;
      const flip: Record<string, unknown> = {
        theme: settings.theme === 'dark' ? 'light' : 'dark',
        notifications: !settings.notifications,
        profileVisibility: settings.profileVisibility === 'public' ? 'private' : 'public',
      };
      settings = { ...settings, [e.setting!]: flip[e.setting!] };
      error = null;
    }
    if (isFailed('saveSettings')(e)) error = e.error instanceof AppError ? TEXT.storageFull : TEXT.saveFailed;
    if (e.type === 'DOWNLOAD') error = null;
    if (isFailed('exportData')(e)) error = TEXT.exportFailed;
    if (question === 'clear' && e.type === 'CONFIRM') {
      settings = DEFAULTS;
      error = null;
      notice = TEXT.cleared;
    }
  }
  return { settings, error, sharedPrivacy, permissionAsks, notice };
}

function seed() {
  localStorage.clear();
  sessionStorage.clear();
  for (const key of TOKENS) localStorage.setItem(key, `${key}-value`);
  localStorage.setItem('user_profile', JSON.stringify({ username: 'me' }));
  localStorage.setItem('user_settings', JSON.stringify(lightish));
  sessionStorage.setItem('activeUserId', 'user-current');
}

/**
 * No save is on its way: every toggle's save (a privacy switch's after the server's answer) has been answered, so
 * leaving for the export, a question or the log-out stops none, and no switch shows what was never stored.
 */
function noSaveOnItsWay(path: ModelPath<typeof settingsMachine>): boolean {
  const events = eventsOf(path);
  const lastToggle = events.findLastIndex((e) => e.type === 'TOGGLE');
  const lastSaveAnswer = events.findLastIndex((e) => isDone('saveSettings')(e) || isFailed('saveSettings')(e));
  return lastToggle < lastSaveAnswer || lastToggle === -1;
}
const leavesOnlySaved = (view: StateView<typeof settingsMachine>) => expect(noSaveOnItsWay(view.path), 'a save was on its way').toBe(true);

const effects = (env: ReplayEnv, type: string) => env.effects.filter((e) => e.type === type).map((e) => e.payload);

/** What holds in every state: settings, error and notice, theme applied, storage kept, files offered. */
function observed({ context, env, path }: StateView<typeof settingsMachine>, { loggedOut = false } = {}) {
  const all = eventsOf(path);
  const types = all.map((e) => e.type);
  const { permissionAsks, ...shown } = expectedAfter(path);
  expect({ settings: context.settings, error: context.error, sharedPrivacy: context.sharedPrivacy, notice: context.notice }).toEqual(shown);
  expect(effects(env, 'askPermission')).toHaveLength(permissionAsks);
  // Every toggle saves the whole settings object at once; a privacy switch once the server has answered.
  const privacyToggles = all.filter((e) => e.type === 'TOGGLE' && e.setting === 'profileVisibility').length;
  const shareAnswers = types.filter((t) => t.endsWith('.actor.sharePrivacy')).length;
  expect((env.pending.get('saveSettings') ?? []).length).toBe(types.filter((t) => t === 'TOGGLE').length - privacyToggles + shareAnswers);
  const clears = confirmedClears(all);
  const themeToggles = all.filter((e) => e.type === 'TOGGLE' && e.setting === 'theme').length;
  expect(effects(env, 'theme')).toHaveLength(themeToggles + clears);
  // Clear removes the device's data but keeps the service tokens; Log Out removes only the tokens and the
  // session storage, ends the session and goes to /auth (docs/product.md).
  expect(stored()).toEqual(clears > 0 ? null : lightish);
  expect(localStorage.getItem('user_profile') === null).toBe(clears > 0);
  for (const key of TOKENS) expect(localStorage.getItem(key)).toBe(loggedOut ? null : `${key}-value`);
  expect(sessionStorage.getItem('activeUserId')).toBe(loggedOut ? null : 'user-current');
  expect(effects(env, 'navigate')).toEqual(loggedOut ? ['/auth'] : []);
  expect(effects(env, 'endSession')).toHaveLength(loggedOut ? 1 : 0);
  // The file is offered once the export arrives, with exactly that data.
  expect(effects(env, 'download')).toEqual(types.filter(isDone('exportData')).map(() => exported));
}

describe('settings machine (model-based)', () => {
  it('reaches every state and transition; storage, theme, questions, the notice and navigation follow docs/product.md', async () => {
    const report = await testModel({
      machine: settingsMachine,
      // Dismiss is offered only where a notice shows, as the button is.
      events: (snapshot) => (snapshot.context.notice === null ? events : [...events, { type: 'DISMISS_NOTICE' }]),
      limit: 2000,
      setup: seed,
      provide: (env) => ({
        actions: {
          // What Clear App Data and Log Out remove from the device is the real thing, read back below.
          clearData: settingsDeviceActions.clearData,
          logOut: settingsDeviceActions.logOut,
          applyTheme: ({ context }: { context: { settings: Settings } }) => env.record('theme', context.settings.theme),
          goToAuth: () => env.record('navigate', '/auth'),
          endSession: () => env.record('endSession'),
          askNotificationPermission: () => env.record('askPermission'),
          saveExport: (_: unknown, params: { data: unknown }) => env.record('download', params.data),
        },
      }),
      states: {
        loading: (view) => {
          expect(view.events).toEqual([]);
          observed(view);
        },
        'ready.saved': (view) => {
          leavesOnlySaved(view);
          observed(view);
        },
        // The server is asked for exactly the privacy the switches show.
        'ready.sharing': (view) => {
          expect(view.last).toMatchObject({ type: 'TOGGLE', setting: 'profileVisibility' });
          expect(view.env.pending.get('sharePrivacy')?.at(-1)?.input).toEqual({
            profileVisibility: view.context.settings.profileVisibility,
            showOnlineStatus: view.context.settings.showOnlineStatus,
          });
          observed(view);
        },
        // Saving the latest settings: the save in flight was given exactly what the screen shows.
        'ready.saving': (view) => {
          expect(view.env.pending.get('saveSettings')?.at(-1)?.input).toEqual(view.context.settings);
          observed(view);
        },
        exporting: (view) => {
          leavesOnlySaved(view);
          expect(view.env.pending.get('exportData')).toHaveLength(view.events.filter((t) => t === 'DOWNLOAD').length);
          observed(view);
        },
        // The in-page question with docs/product.md's words; nothing is cleared or ended before the answer.
        confirmingClear: (view) => {
          leavesOnlySaved(view);
          expect(view.last?.type).toBe('CLEAR_DATA');
          expect(selectQuestion(view.snapshot)).toEqual({ title: 'Clear App Data', message: TEXT.confirmClear, confirmLabel: 'Clear App Data' });
          observed(view);
        },
        confirmingLogOut: (view) => {
          leavesOnlySaved(view);
          expect(view.last?.type).toBe('LOG_OUT');
          expect(selectQuestion(view.snapshot)).toEqual({ title: 'Log Out', message: TEXT.confirmLogout, confirmLabel: 'Log Out' });
          observed(view);
        },
        loggedOut: (view) => {
          leavesOnlySaved(view);
          expect(view.last?.type).toBe('CONFIRM');
          expect(view.events.at(-2)).toBe('LOG_OUT');
          observed(view, { loggedOut: true });
        },
      },
    });
    expect(report.paths).toBeGreaterThan(10);
    expect(report).toMatchObject({ states: 10, transitions: 17, guards: 3 });
  }, 60_000);

  it('flips each setting between its two values', () => {
    expect(toggled(DEFAULTS, 'theme').theme).toBe('light');
    expect(toggled(toggled(DEFAULTS, 'theme'), 'theme').theme).toBe('dark');
    expect(toggled(DEFAULTS, 'profileVisibility').profileVisibility).toBe('private');
    expect(toggled(toggled(DEFAULTS, 'profileVisibility'), 'profileVisibility').profileVisibility).toBe('public');
    expect(toggled(DEFAULTS, 'notifications').notifications).toBe(false);
    expect(toggled(DEFAULTS, 'soundEffects').soundEffects).toBe(false);
    expect(toggled(DEFAULTS, 'showOnlineStatus').showOnlineStatus).toBe(false);
  });
});
