import type { Hono } from 'hono';
import type { ParsedMail } from 'mailparser';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { createApp } from '../../../../server/app';
import { loadConfig } from '../../../../server/config';
import { silentLogger } from '../../../../server/lib/log';
import { createMailer } from '../../../../server/mail/mailer';
import { createMailQueue, type MailQueue } from '../../../../server/mail/queue';
import { startSmtpInbox, type SmtpInbox } from '../../../support/smtpInbox';
import { APP_ORIGIN, browser, type Browser } from './browser';
import { emptyTables, openTestDatabaseAroundTests, type DatabaseKind, type TestDatabase } from './testDatabase';

/** The app as the account-mail tests use it, rebuilt before each test. */
export interface MailingApp {
  /** The members database the app runs on, one for the describe block. */
  readonly database: TestDatabase;
  readonly app: Hono;
  /** The mail queue on the test's clock (its worker not started: a route's nudge sends at once). */
  readonly queue: MailQueue;
  /** A real SMTP server on loopback that the queue's mailer sends to, emptied before each test. */
  readonly inbox: SmtpInbox;
  /** What the app and the queue take for now: `start` before each test, moved by the test. */
  clock: number;
  /** A browser from a client address of its own (the per-client limits stay out of the way). */
  readonly someone: () => Browser;
  /** The mails that reached the SMTP server with this subject, once `count` of them have. */
  readonly mailsWithSubject: (subject: string, count?: number) => Promise<ParsedMail[]>;
}

/** The one-time token a mailed link carries. */
export const tokenOf = (link: string): string => new URL(link).searchParams.get('token') ?? '';

/**
 * The app on a members database of `kind` with mail really sent: before each test the tables are emptied,
 * the inbox cleared and the clock set to `start`; after each, the queue stops (a mail the test queued last
 * is not delivered into the next test's inbox).
 */
export function mailingAppAroundTests(kind: DatabaseKind, start: number): MailingApp {
  const opened = openTestDatabaseAroundTests(kind);
  let app: Hono | undefined;
  let queue: MailQueue | undefined;
  let inbox: SmtpInbox | undefined;
  let address = 0;
  const built = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`The ${what} is built before each test.`);
    return value;
  };
  const world: MailingApp = {
    get database() {
      return opened.database;
    },
    get app() {
      return built(app, 'app');
    },
    get queue() {
      return built(queue, 'mail queue');
    },
    get inbox() {
      return built(inbox, 'SMTP inbox');
    },
    clock: start,
    someone: () => browser(world.app, { address: `198.51.100.${(address += 1) % 250}` }),
    async mailsWithSubject(subject, count = 1) {
      const withSubject = () => world.inbox.messages.filter((m) => m.subject === subject);
      await vi.waitFor(() => expect(withSubject()).toHaveLength(count), { timeout: 10_000 });
      return withSubject();
    },
  };

  beforeAll(async () => {
    inbox = await startSmtpInbox();
  });
  afterAll(async () => {
    await inbox?.close();
  });
  beforeEach(async () => {
    world.clock = start;
    world.inbox.messages.length = 0;
    await emptyTables(opened.database);
    const config = loadConfig({ PUBLIC_ORIGIN: APP_ORIGIN, SMTP_URL: world.inbox.url, MAIL_FROM: 'Mycelius <no-reply@mycelius.test>' });
    queue = createMailQueue(opened.database.db, createMailer(config.mail, silentLogger), silentLogger, () => world.clock);
    app = createApp(config, { members: { db: opened.database.db, now: () => world.clock }, mail: queue });
  });
  afterEach(async () => {
    await queue?.stop();
  });
  return world;
}
