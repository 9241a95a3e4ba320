// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { settingsMachine, toggled } from '../../src/machines/settings.machine';
import { messages } from '../../src/domain/messages';
import { defaultSettings, type Settings } from '../../src/domain/settings';
import { runModel } from '../support/modelTest';

const TOKENS = ['spotify_access_token', 'spotify_refresh_token', 'trakt_access_token', 'trakt_refresh_token'];
const lightish: Settings = { theme: 'light', profileVisibility: 'private', notifications: false, soundEffects: true, showOnlineStatus: false };

function stored(): Settings | null {
  const raw = localStorage.getItem('user_settings');
  return raw === null ? null : (JSON.parse(raw) as Settings);
}

// A variable, not an inline literal: runModel takes plain EventObjects and the payloads ride along.
const events = [
  { type: 'xstate.done.actor.loadSettings', output: lightish },
  { type: 'xstate.error.actor.loadSettings', error: new Error('broken') },
  { type: 'TOGGLE', setting: 'theme' },
  { type: 'TOGGLE', setting: 'notifications' },
  { type: 'SAVE_FAILED', message: messages.storage.full },
  { type: 'CLEAR_DATA' },
  { type: 'xstate.done.actor.confirmClear', output: true },
  { type: 'xstate.done.actor.confirmClear', output: false },
  { type: 'xstate.error.actor.confirmClear', error: new Error('no dialog') },
  { type: 'LOG_OUT' },
  { type: 'xstate.done.actor.confirmLogOut', output: true },
  { type: 'xstate.done.actor.confirmLogOut', output: false },
  { type: 'xstate.error.actor.confirmLogOut', error: new Error('no dialog') },
  { type: 'DOWNLOAD' },
  { type: 'xstate.done.actor.exportData', output: { data: { user_profile: { username: 'me' } } } },
  { type: 'xstate.error.actor.exportData', error: new Error('offline') },
];

describe('settings machine (model-based)', () => {
  it('reaches every state and transition; storage, theme, confirmations, alerts and navigation follow docs/product.md', async () => {
    const count = await runModel({
      machine: settingsMachine,
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
          endSession: () => env.record('endSession'),
          saveExport: (_: unknown, params: { data: unknown }) => env.record('download', params.data),
        },
      }),
      check: ({ env, snapshot, path }) => {
        const events = path.steps.map((s) => s.event);
        const types = events.map((e) => e.type);
        const confirms = [...(env.pending.get('confirmClear') ?? []), ...(env.pending.get('confirmLogOut') ?? [])];
        for (const d of env.pending.get('confirmClear') ?? []) expect(d.input).toEqual({ message: messages.settings.confirmClear });
        for (const d of env.pending.get('confirmLogOut') ?? []) expect(d.input).toEqual({ message: messages.settings.confirmLogout });
        expect(confirms.length).toBe(types.filter((t) => t === 'CLEAR_DATA' || t === 'LOG_OUT').length);

        const cleared = events.some((e) => e.type === 'xstate.done.actor.confirmClear' && (e as { output?: unknown }).output === true);
        const loggedOut = snapshot.matches('loggedOut');
        // Every toggle is written at once; after a clear, settings are back to defaults.
        if (types.at(-1) === 'TOGGLE') expect(stored()).toEqual(snapshot.context.settings);
        if (types.at(-1) === 'xstate.done.actor.confirmClear' && cleared) {
          expect(snapshot.context.settings).toEqual(defaultSettings());
          expect(stored()).toBeNull();
          expect(localStorage.getItem('user_profile')).toBeNull();
          expect(env.effects.filter((e) => e.type === 'alert')).toEqual([{ type: 'alert', payload: messages.settings.cleared }]);
          expect(env.effects.at(-2)).toEqual({ type: 'theme', payload: 'dark' });
        }
        if (!cleared) expect(env.effects.some((e) => e.type === 'alert')).toBe(false);
        // Clear keeps the tokens; Log Out removes them, ends the session and goes to /auth.
        for (const key of TOKENS) expect(localStorage.getItem(key)).toBe(loggedOut ? null : `${key}-value`);
        expect(sessionStorage.getItem('activeUserId')).toBe(loggedOut ? null : 'user-current');
        expect(env.effects.filter((e) => e.type === 'navigate')).toEqual(loggedOut ? [{ type: 'navigate', payload: '/auth' }] : []);
        if (!cleared && !loggedOut) expect(localStorage.getItem('user_profile')).not.toBeNull();
        // The file is offered once the export arrives, with exactly that data; a failed export says so.
        expect(env.effects.filter((e) => e.type === 'download')).toEqual(
          types.filter((t) => t === 'xstate.done.actor.exportData').map(() => ({ type: 'download', payload: { data: { user_profile: { username: 'me' } } } })),
        );
        if (types.at(-1) === 'xstate.error.actor.exportData') expect(snapshot.context.error).toBe('Could not download your data. Please try again.');
        if (snapshot.matches('exporting')) expect(env.pending.get('exportData')?.length).toBe(types.filter((t) => t === 'DOWNLOAD').length);
        // Log Out also ends the member's server session (a guest's session machine ignores it).
        expect(env.effects.filter((e) => e.type === 'endSession').length).toBe(loggedOut ? 1 : 0);
        const themeToggles = types.filter((t, i) => t === 'TOGGLE' && (events[i] as { setting?: string }).setting === 'theme').length;
        expect(env.effects.filter((e) => e.type === 'theme').length).toBe(themeToggles + (cleared ? 1 : 0));
        if (types.at(-1) === 'SAVE_FAILED') expect(snapshot.context.error).toBe(messages.storage.full);
      },
    });
    expect(count).toBeGreaterThan(10);
  }, 30_000);

  it('flips each setting between its two values', () => {
    const d = defaultSettings();
    expect(toggled(d, 'theme').theme).toBe('light');
    expect(toggled(toggled(d, 'theme'), 'theme').theme).toBe('dark');
    expect(toggled(d, 'profileVisibility').profileVisibility).toBe('private');
    expect(toggled(d, 'notifications').notifications).toBe(false);
    expect(toggled(d, 'soundEffects').soundEffects).toBe(false);
    expect(toggled(d, 'showOnlineStatus').showOnlineStatus).toBe(false);
  });
});
