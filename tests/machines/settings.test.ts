// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { settingsMachine, toggled } from '../../src/machines/settings.machine';
import type { Settings } from '../../src/domain/settings';
import { testModel, type ModelEvent, type StateView } from '../support/modelTest';

const TOKENS = ['spotify_access_token', 'spotify_refresh_token', 'trakt_access_token', 'trakt_refresh_token'];
const lightish: Settings = { theme: 'light', profileVisibility: 'private', notifications: false, soundEffects: true, showOnlineStatus: false };

function stored(): Settings | null {
  const raw = localStorage.getItem('user_settings');
  return raw === null ? null : (JSON.parse(raw) as Settings);
}

// A variable, not an inline literal: testModel takes plain EventObjects and the payloads ride along.
const events = [
  { type: 'xstate.done.actor.loadSettings', output: lightish },
  { type: 'xstate.error.actor.loadSettings', error: new Error('broken') },
  { type: 'TOGGLE', setting: 'theme' },
  { type: 'TOGGLE', setting: 'notifications' },
  { type: 'SAVE_FAILED', message: 'Your browser storage is full, so this change could not be saved. Free some space (for example Settings → Clear App Data) and try again.' },
  { type: 'CLEAR_DATA' },
  { type: 'xstate.done.actor.confirmClear', output: true },
  { type: 'xstate.done.actor.confirmClear', output: false },
  { type: 'xstate.error.actor.confirmClear', error: new Error('no dialog') },
  { type: 'LOG_OUT' },
  { type: 'xstate.done.actor.confirmLogOut', output: true },
  { type: 'xstate.done.actor.confirmLogOut', output: false },
  { type: 'xstate.error.actor.confirmLogOut', error: new Error('no dialog') },
  { type: 'DOWNLOAD' },
];

const STORAGE_FULL =
  'Your browser storage is full, so this change could not be saved. Free some space (for example Settings → Clear App Data) and try again.';
const CONFIRM_CLEAR = 'Are you sure you want to clear all app data? This will delete your profile, friends, and settings.';
const CONFIRM_LOGOUT = 'Are you sure you want to log out?';
// docs/product.md §3: dark, public, and the three switches on.
const DEFAULTS: Settings = { theme: 'dark', profileVisibility: 'public', notifications: true, soundEffects: true, showOnlineStatus: true };

type View = StateView<typeof settingsMachine>;
const isClear = (e: ModelEvent) => e.type === 'xstate.done.actor.confirmClear' && e.output === true;
const wasCleared = (path: View['path']) => path.steps.some((s) => isClear(s.event));

// What holds wherever the user is: each dialog asks the contract's question once per click; Clear keeps the four
// tokens and the session; the theme is applied on each theme toggle and on a clear; Download exports once per click.
function expectAlways({ env, events, path }: View, loggedOut: boolean) {
  expect(env.pending.get('confirmClear')?.map((d) => d.input) ?? []).toEqual(events.filter((e) => e === 'CLEAR_DATA').map(() => ({ message: CONFIRM_CLEAR })));
  expect(env.pending.get('confirmLogOut')?.map((d) => d.input) ?? []).toEqual(events.filter((e) => e === 'LOG_OUT').map(() => ({ message: CONFIRM_LOGOUT })));
  for (const key of TOKENS) expect(localStorage.getItem(key)).toBe(loggedOut ? null : `${key}-value`);
  expect(sessionStorage.getItem('activeUserId')).toBe(loggedOut ? null : 'user-current');
  expect(env.timeline.filter((e) => e.type === 'download')).toHaveLength(events.filter((e) => e === 'DOWNLOAD').length);
  const themeToggles = path.steps.filter((s) => s.event.type === 'TOGGLE' && (s.event as { setting?: string }).setting === 'theme').length;
  expect(env.timeline.filter((e) => e.type === 'theme')).toHaveLength(themeToggles + (wasCleared(path) ? 1 : 0));
  expect(env.timeline.filter((e) => e.type === 'alert')).toEqual(wasCleared(path) ? [{ type: 'alert', payload: 'App data cleared successfully!', at: 0 }] : []);
  if (!wasCleared(path) && !loggedOut) expect(localStorage.getItem('user_profile')).not.toBeNull();
}

describe('settings machine (model-based)', () => {
  it('reaches every state and transition; storage, theme, confirmations, alerts and navigation follow docs/product.md', async () => {
    const report = await testModel({
      machine: settingsMachine,
      limit: 100,
      events,
      setup: () => {
        localStorage.clear();
        sessionStorage.clear();
        for (const key of TOKENS) localStorage.setItem(key, `${key}-value`);
        localStorage.setItem('user_profile', JSON.stringify({ username: 'me' }));
        localStorage.setItem('user_settings', JSON.stringify(lightish));
        sessionStorage.setItem('activeUserId', 'user-current');
      },
      provide: (env) => ({
        actions: {
          applyTheme: ({ context }: { context: { settings: Settings } }) => env.record('theme', context.settings.theme),
          notify: (_: unknown, params: { message: string }) => env.record('alert', params.message),
          goToAuth: () => env.record('navigate', '/auth'),
          downloadData: () => env.record('download'),
        },
      }),
      states: {
        loading: (view) => {
          expectAlways(view, false);
          expect(view.context).toEqual({ settings: DEFAULTS, error: null });
        },
        ready: (view) => {
          expectAlways(view, false);
          const { context, path, last } = view;
          // Every toggle is written at once; a clear brings the defaults back and removes the stored copy.
          if (last?.type === 'TOGGLE') expect(stored()).toEqual(context.settings);
          if (last?.type === 'xstate.done.actor.confirmClear' && last.output === true) {
            expect(context.settings).toEqual(DEFAULTS);
            expect(stored()).toBeNull();
            expect(localStorage.getItem('user_profile')).toBeNull();
            expect(view.env.timeline.at(-2)).toEqual({ type: 'theme', payload: 'dark', at: 0 });
          }
          if (!path.steps.some((s) => s.event.type === 'TOGGLE') && !wasCleared(path)) expect(stored()).toEqual(lightish);
          // A failed save is explained until the next toggle or clear.
          const lastChange = path.steps.map((s) => s.event as ModelEvent).findLast((e) => ['SAVE_FAILED', 'TOGGLE'].includes(e.type) || isClear(e));
          expect(context.error).toBe(lastChange?.type === 'SAVE_FAILED' ? STORAGE_FULL : null);
          expect(view.env.timeline.filter((e) => e.type === 'navigate')).toEqual([]);
        },
        confirmingClear: (view) => expectAlways(view, false),
        confirmingLogOut: (view) => expectAlways(view, false),
        // Log Out removes the tokens, ends the session and goes to /auth.
        loggedOut: (view) => {
          expectAlways(view, true);
          expect(view.env.timeline.filter((e) => e.type === 'navigate')).toEqual([{ type: 'navigate', payload: '/auth', at: 0 }]);
          expect(view.snapshot.status).toBe('done');
        },
      },
    });
    expect(report).toMatchObject({ states: 6, transitions: 11, guards: 3 });
  }, 30_000);

  it('flips each setting between its two values', () => {
    const d = DEFAULTS;
    expect(toggled(d, 'theme').theme).toBe('light');
    expect(toggled(toggled(d, 'theme'), 'theme').theme).toBe('dark');
    expect(toggled(d, 'profileVisibility').profileVisibility).toBe('private');
    expect(toggled(d, 'notifications').notifications).toBe(false);
    expect(toggled(d, 'soundEffects').soundEffects).toBe(false);
    expect(toggled(d, 'showOnlineStatus').showOnlineStatus).toBe(false);
  });
});
