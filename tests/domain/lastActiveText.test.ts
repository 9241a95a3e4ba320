import { describe, expect, it } from 'vitest';
import { lastActiveText } from '../../src/domain/accountSecurity';

// When a signed-in device was last used, as 'Signed-in devices' words it (docs/product.md).

const NOW = Date.parse('2026-11-28T15:00:00Z');
const MINUTE = 60_000;

describe('lastActiveText', () => {
  it.each([
    [0, 'Active now'],
    [9 * MINUTE + 59_000, 'Active now'],
    [10 * MINUTE, 'Active 10 minutes ago'],
    [59 * MINUTE, 'Active 59 minutes ago'],
    [60 * MINUTE, 'Active 1 hour ago'],
    [23 * 60 * MINUTE, 'Active 23 hours ago'],
    [24 * 60 * MINUTE, 'Active 1 day ago'],
    [6 * 24 * 60 * MINUTE, 'Active 6 days ago'],
    [7 * 24 * 60 * MINUTE, 'Active on 21 Nov 2026'],
    [-5 * MINUTE, 'Active now'],
  ])('%i ms ago reads %s', (ago, text) => {
    expect(lastActiveText(new Date(NOW - ago), NOW)).toBe(text);
  });
});
