/** The `dark` class on <html> carries the theme (the first screen's is chosen in main.tsx from storage). */
export function applyTheme(theme: 'dark' | 'light'): void {
  document.documentElement.classList.toggle('dark', theme === 'dark');
}
