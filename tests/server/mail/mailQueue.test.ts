import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { silentLogger } from '../../../server/lib/log';
import { createMailer, type Mailer, type OutgoingMail } from '../../../server/mail/mailer';
import { createMailQueue, enqueueMail } from '../../../server/mail/queue';
import { APP_ORIGIN, browser } from '../members/support/browser';
import { createDataDir, DATABASE_KINDS, emptyTables, openTestDatabaseAroundTests } from '../members/support/testDatabase';

// The mail queue on PGlite and Postgres: files without SMTP, retries with backoff, giving up, and a
// message a crashed server had claimed.

const START = Date.parse('2026-03-01T12:00:00Z');
const mail = (n: number): OutgoingMail => ({ to: `person${n}@example.com`, subject: `Hello ${n}`, text: `Text ${n}`, html: `<p>Text ${n}</p>` });

/** A mail server that refuses the first `failures` deliveries, then keeps what it is given. */
function flakyMailServer(failures: number) {
  const delivered: OutgoingMail[] = [];
  let refused = 0;
  const mailer: Mailer = {
    deliver(message) {
      if (refused < failures) {
        refused += 1;
        return Promise.reject(new Error('421 try again later'));
      }
      delivered.push(message);
      return Promise.resolve();
    },
    close: () => undefined,
  };
  return { mailer, delivered, refusals: () => refused };
}

describe.each(DATABASE_KINDS)('mail queue on %s', (kind) => {
  const opened = openTestDatabaseAroundTests(kind);
  let clock = START;
  const dataDir = createDataDir();
  beforeEach(async () => {
    clock = START;
    await emptyTables(opened.database);
  });
  afterEach(() => vi.restoreAllMocks());
  afterAll(() => dataDir.remove());

  it('without SMTP_URL writes each mail as an .eml file under DATA_DIR/mail/ and logs its name', async () => {
    const config = loadConfig({ PUBLIC_ORIGIN: APP_ORIGIN, DATA_DIR: dataDir.dir });
    const lines: { msg: string; fields: Record<string, unknown> | undefined }[] = [];
    const log = { ...silentLogger, info: (msg: string, fields?: Record<string, unknown>) => lines.push({ msg, fields }) };
    const queue = createMailQueue(opened.database.db, createMailer(config.mail, log), log, () => clock);
    const app = createApp(config, { members: { db: opened.database.db, now: () => clock }, mail: queue });
    expect((await browser(app).request('POST', '/api/auth/signup', { username: 'alice', email: 'alice@example.com', password: 'old-secret' })).status).toBe(201);

    expect((await browser(app).request('POST', '/api/auth/password-reset', { email: 'alice@example.com' })).status).toBe(202);
    const mailDir = join(dataDir.dir, 'mail');
    await vi.waitFor(() => expect(readdirSync(mailDir).filter((f) => f.endsWith('.eml'))).toHaveLength(1), { timeout: 10_000 });
    const [file] = readdirSync(mailDir);
    const parsed = await simpleParser(readFileSync(join(mailDir, file!)));
    expect(parsed.subject).toBe('Reset your Mycelius password');
    expect(parsed.text).toMatch(/http:\/\/127\.0\.0\.1:5999\/reset-password\?token=[A-Za-z0-9_-]{43}/);
    expect(lines).toContainEqual({ msg: 'mail written to a file (no SMTP_URL set)', fields: { to: 'alice@example.com', subject: 'Reset your Mycelius password', file: join(mailDir, file!) } });
    await queue.stop();
  });

  it('tries a refused mail again 30 s, then 1 min, then 2 min later, and delivers it once the mail server takes it', async () => {
    const server = flakyMailServer(3);
    const queue = createMailQueue(opened.database.db, server.mailer, silentLogger, () => clock);
    await enqueueMail(opened.database.db, mail(1), clock);
    expect(await queue.deliverDue()).toBe(0);
    for (const wait of [30_000, 60_000]) {
      clock += wait - 1;
      expect(await queue.deliverDue()).toBe(0);
      expect(server.refusals()).toBeLessThan(3);
      clock += 1;
      expect(await queue.deliverDue()).toBe(0);
    }
    expect(server.refusals()).toBe(3);
    clock += 120_000;
    expect(await queue.deliverDue()).toBe(1);
    expect(server.delivered).toEqual([mail(1)]);
    clock += 3_600_000;
    expect(await queue.deliverDue()).toBe(0);
    expect(server.delivered).toHaveLength(1);
  });

  it('gives a mail up after 8 refused attempts, and says so in the log', async () => {
    const server = flakyMailServer(100);
    const errors: string[] = [];
    const queue = createMailQueue(opened.database.db, server.mailer, { ...silentLogger, error: (msg: string) => errors.push(msg) }, () => clock);
    await enqueueMail(opened.database.db, mail(2), clock);
    for (let i = 0; i < 12; i += 1) {
      await queue.deliverDue();
      clock += 3_600_000;
    }
    expect(server.refusals()).toBe(8);
    expect(errors).toEqual(['mail could not be delivered; giving up']);
  });

  it('started, delivers what is due at once and then at every interval; stopped, delivers nothing more and closes the mailer', async () => {
    const server = flakyMailServer(0);
    let closed = 0;
    const mailer: Mailer = { deliver: (m) => server.mailer.deliver(m), close: () => (closed += 1) };
    const queue = createMailQueue(opened.database.db, mailer, silentLogger, () => clock);
    // Only the queue's interval is simulated; the database keeps its real timers.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      await enqueueMail(opened.database.db, mail(20), clock);
      queue.start(60_000);
      queue.start(1_000);
      expect(vi.getTimerCount(), 'a second start keeps the first interval').toBe(1);
      await vi.waitFor(() => expect(server.delivered).toEqual([mail(20)]));
      await enqueueMail(opened.database.db, mail(21), clock);
      vi.advanceTimersByTime(60_000);
      await vi.waitFor(() => expect(server.delivered).toEqual([mail(20), mail(21)]));

      await queue.stop();
      expect(closed).toBe(1);
      await enqueueMail(opened.database.db, mail(22), clock);
      vi.advanceTimersByTime(120_000);
      queue.nudge();
      expect(vi.getTimerCount()).toBe(0);
      expect(server.delivered).toEqual([mail(20), mail(21)]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('delivers a mail a crashed server had claimed, once its claim lapses (2 min), and two servers never both send one', async () => {
    const hung: Mailer = { deliver: () => new Promise<void>(() => undefined), close: () => undefined };
    const crashed = createMailQueue(opened.database.db, hung, silentLogger, () => clock);
    await enqueueMail(opened.database.db, mail(3), clock);
    void crashed.deliverDue();
    await vi.waitFor(async () => {
      const row = await opened.database.db.selectFrom('mail_queue').select('claimed_until').executeTakeFirstOrThrow();
      expect(row.claimed_until).not.toBeNull();
    });

    const restarted = flakyMailServer(0);
    const next = createMailQueue(opened.database.db, restarted.mailer, silentLogger, () => clock);
    clock += 120_000 - 1;
    expect(await next.deliverDue()).toBe(0);
    clock += 1;
    expect(await next.deliverDue()).toBe(1);
    expect(restarted.delivered).toEqual([mail(3)]);

    for (let n = 10; n < 40; n += 1) await enqueueMail(opened.database.db, mail(n), clock);
    const a = flakyMailServer(0);
    const b = flakyMailServer(0);
    const [fromA, fromB] = await Promise.all([
      createMailQueue(opened.database.db, a.mailer, silentLogger, () => clock).deliverDue(),
      createMailQueue(opened.database.db, b.mailer, silentLogger, () => clock).deliverDue(),
    ]);
    expect(fromA + fromB).toBe(30);
    expect(new Set([...a.delivered, ...b.delivered].map((m) => m.to)).size).toBe(30);
  });
});
