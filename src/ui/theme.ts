import { readRaw } from '../storage/store';

/** The `dark` class on <html> carries the theme. */
export function applyTheme(theme: 'dark' | 'light'): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
}

/**
 * Dark is forced at start unless the user chose light in Settings. Read without zod (first-screen
 * budget): anything but a stored `"theme":"light"` means dark, so corrupt settings also give dark.
 */
export function applyStartupTheme(): void {
  let theme: 'dark' | 'light' = 'dark';
  try {
    const parsed = JSON.parse(readRaw('user_settings') ?? '{}') as { theme?: unknown };
    if (parsed && parsed.theme === 'light') theme = 'light';
  } catch {
    theme = 'dark';
  }
  applyTheme(theme);
}
