import { describe, expect, it } from 'vitest';
import { lastActiveText, listedDevices } from '../../src/domain/accountSecurity';

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

describe('listedDevices', () => {
  it("words each device's last activity at the server's clock, not the device's", () => {
    const answer = {
      now: '2026-11-28T15:00:00.000Z',
      devices: [
        { id: 'a'.repeat(32), name: 'Chrome on Linux', lastActiveAt: '2026-11-28T14:58:00.000Z', current: true },
        { id: 'b'.repeat(32), name: 'Safari on iPhone', lastActiveAt: '2026-11-28T12:00:00.000Z', current: false },
      ],
    };
    expect(listedDevices(answer)).toEqual([
      { id: 'a'.repeat(32), name: 'Chrome on Linux', current: true, lastActive: 'Active now' },
      { id: 'b'.repeat(32), name: 'Safari on iPhone', current: false, lastActive: 'Active 3 hours ago' },
    ]);
  });
});
