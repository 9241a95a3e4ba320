import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Logger } from '../lib/log';
import type { Mailer, OutgoingMail } from './mailer';

// Mail is queued in the database in the same transaction as what it tells about (a reset link is
// never stored without its mail, nor mailed without being stored), and delivered in the background:
// a request never waits on SMTP. Each server runs a worker; a message is claimed with
// FOR UPDATE SKIP LOCKED, so two servers never send the same one, and a claim lapses after
// CLAIM_MS, so a message a crashed server had claimed is sent by another (or by it, restarted).

/** Attempts before a message is given up on (about 4 hours of retries with the backoff below). */
export const MAIL_MAX_ATTEMPTS = 8;
const FIRST_RETRY_MS = 30_000;
const MAX_RETRY_MS = 60 * 60_000;
const CLAIM_MS = 2 * 60_000;
const BATCH = 10;
/** A message that fails is retried this long after its nth attempt: 30 s, 1 min, 2 min ... at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1));
}

type Db = Kysely<Database>;

/** Queues `mail` within the caller's transaction (or on its own); the worker is nudged separately. */
export async function enqueueMail(db: Db, mail: OutgoingMail, now: number): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('mail_queue')
    .values({ id, to_address: mail.to, subject: mail.subject, text_body: mail.text, html_body: mail.html, next_attempt_at: new Date(now), created_at: new Date(now) })
    .execute();
  return id;
}

interface ClaimedMail {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: number;
}

export interface MailQueue {
  /** Delivers every message due now (in batches); resolves with how many were delivered. */
  deliverDue(): Promise<number>;
  /** Asks the worker to look now (after a request queued mail), without waiting for it. */
  nudge(): void;
  /** Polls every `everyMs` for due messages (retries, and mail queued by another server or before a restart). */
  start(everyMs: number): void;
  stop(): Promise<void>;
}

export function createMailQueue(db: Db, mailer: Mailer, log: Logger, now: () => number = Date.now): MailQueue {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = false;

  async function claim(): Promise<ClaimedMail[]> {
    const at = new Date(now());
    const result = await sql<ClaimedMail>`
      update mail_queue set attempts = attempts + 1, claimed_until = ${new Date(at.getTime() + CLAIM_MS)}
      where id in (
        select id from mail_queue
        where sent_at is null and given_up_at is null and next_attempt_at <= ${at}
          and (claimed_until is null or claimed_until <= ${at})
        order by next_attempt_at
        limit ${BATCH}
        for update skip locked
      )
      returning id, to_address, subject, text_body, html_body, attempts`.execute(db);
    return result.rows;
  }

  async function deliverOne(mail: ClaimedMail): Promise<boolean> {
    try {
      await mailer.deliver({ to: mail.to_address, subject: mail.subject, text: mail.text_body, html: mail.html_body });
      await db.updateTable('mail_queue').set({ sent_at: new Date(now()), claimed_until: null, last_error: null }).where('id', '=', mail.id).execute();
      return true;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const givingUp = mail.attempts >= MAIL_MAX_ATTEMPTS;
      await db
        .updateTable('mail_queue')
        .set({
          claimed_until: null,
          last_error: reason.slice(0, 500),
          next_attempt_at: new Date(now() + retryDelayMs(mail.attempts)),
          given_up_at: givingUp ? new Date(now()) : null,
        })
        .where('id', '=', mail.id)
        .execute();
      const fields = { id: mail.id, attempts: mail.attempts, error: reason };
      if (givingUp) log.error('mail could not be delivered; giving up', fields);
      else log.warn('mail could not be delivered; it will be tried again', { ...fields, retryInMs: retryDelayMs(mail.attempts) });
      return false;
    }
  }

  async function drain(): Promise<number> {
    let delivered = 0;
    for (;;) {
      const batch = await claim();
      for (const mail of batch) if (await deliverOne(mail)) delivered += 1;
      if (batch.length < BATCH || stopped) return delivered;
    }
  }

  function deliverDue(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = drain().finally(() => {
      running = undefined;
      if (again && !stopped) {
        again = false;
        void deliverDue().catch((error: unknown) => log.error('the mail queue could not be read', { error }));
      }
    });
    return running;
  }

  return {
    deliverDue,
    nudge() {
      if (stopped) return;
      void deliverDue().catch((error: unknown) => log.error('the mail queue could not be read', { error }));
    },
    start(everyMs) {
      if (timer) return;
      timer = setInterval(() => this.nudge(), everyMs);
      timer.unref();
      this.nudge();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
      mailer.close();
    },
  };
}
