// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { startupTheme } from '../../src/shared/storage/startupTheme';

afterEach(() => localStorage.clear());

// docs/product.md: the default theme is dark; only a stored light choice in user_settings starts light.
describe('startup theme', () => {
  it.each([
    ['nothing stored', null, 'dark'],
    ['light chosen', JSON.stringify({ theme: 'light' }), 'light'],
    ['dark chosen', JSON.stringify({ theme: 'dark' }), 'dark'],
    ['corrupt settings', '{not json', 'dark'],
    ['a JSON null', 'null', 'dark'],
  ])('%s → %s', (_, raw, theme) => {
    if (raw !== null) localStorage.setItem('user_settings', raw);
    expect(startupTheme()).toBe(theme);
  });
});
