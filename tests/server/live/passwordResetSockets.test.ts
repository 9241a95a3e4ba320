import { describe, expect, it, vi } from 'vitest';
import { browser } from '../members/support/browser';
import { DATABASE_KINDS } from '../members/support/testDatabase';
import { useLiveWorld } from './support/liveWorld';

// A password reset ends every session of the member at once, and with them their open sockets on
// /api/live: each closes with 4401 (the app's 'Your session has ended') within 2 s, not at the next
// heartbeat. Nobody else's socket closes.

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms))]);

describe.each(DATABASE_KINDS)('a password reset and open sockets on %s', (kind) => {
  const world = useLiveWorld(kind);

  it("closes the member's open sockets with 4401 within 2 s of the reset", { timeout: 30_000 }, async () => {
    const ada = await world.member('Ada');
    const ben = await world.member('Ben');
    const adaPhone = await world.open(ada);
    const adaLaptop = await world.open(ada);
    const benTab = await world.open(ben);

    // Someone else's browser, where Ada follows the link from her mail.
    const elsewhere = browser(world.app, { address: '198.51.100.7' });
    expect((await elsewhere.request('POST', '/api/auth/password-reset', { email: 'ada@example.com' })).status).toBe(202);
    const mail = await vi.waitFor(
      async () => {
        const row = await world.database.db.selectFrom('mail_queue').select('text_body').where('to_address', '=', 'ada@example.com').executeTakeFirst();
        expect(row).toBeDefined();
        return row!;
      },
      { timeout: 5_000 },
    );
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text_body)?.[1] ?? '';

    const reset = await elsewhere.request('POST', '/api/auth/password-reset/confirm', { token, password: 'brand-new-secret' });
    expect(reset.status).toBe(200);
    expect(await within(Promise.all([adaPhone.closed, adaLaptop.closed]), 2_000)).toEqual([4401, 4401]);
    const still = await Promise.race([benTab.closed, new Promise<'open'>((resolve) => setTimeout(() => resolve('open'), 300))]);
    expect(still).toBe('open');
  });
});
