import { readRaw } from './store';

/** Where Settings are stored; the one spelling of the key for the full read (settings.ts) and the quick one below. */
export const SETTINGS_KEY = 'user_settings';

/**
 * The theme to paint the first screen with, read without zod (first-screen budget): anything but a stored
 * `"theme":"light"` means dark, so missing or corrupt settings also give the default dark.
 */
export function startupTheme(): 'dark' | 'light' {
  try {
    const parsed = JSON.parse(readRaw(SETTINGS_KEY) ?? '{}') as { theme?: unknown } | null;
    return parsed?.theme === 'light' ? 'light' : 'dark';
  } catch {
    return 'dark';
  }
}
