import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import type { Logger } from '../lib/log';

// How mail leaves the server. With SMTP_URL, over SMTP (nodemailer). Without it (the embedded default),
// each message is written as an .eml file under DATA_DIR/mail/ and one log line names the file, so the
// operator of a fresh install can still pass a reset link on by hand.

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /** Resolves once the message is handed over (the SMTP server accepted it, or the file is written). */
  deliver(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export interface MailSettings {
  /** smtp:// or smtps:// with optional user:password@; none writes files. */
  smtpUrl: string | undefined;
  /** The From header, e.g. 'Mycelius <no-reply@mycelius.example>'. */
  from: string;
  /** Where .eml files go without SMTP: DATA_DIR/mail. */
  mailDir: string;
}

/** An SMTP server that does not answer within this is treated as a failed attempt (the queue tries again). */
const SMTP_TIMEOUT_MS = 15_000;

export function createMailer(settings: MailSettings, log: Logger): Mailer {
  if (settings.smtpUrl) {
    const transport = createTransport({
      url: settings.smtpUrl,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    });
    return {
      async deliver(mail) {
        await transport.sendMail({ from: settings.from, ...mail });
      },
      close: () => transport.close(),
    };
  }
  const files = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async deliver(mail) {
      const info = await files.sendMail({ from: settings.from, ...mail });
      await mkdir(settings.mailDir, { recursive: true });
      const file = join(settings.mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`);
      await writeFile(file, info.message, { mode: 0o600 });
      log.info('mail written to a file (no SMTP_URL set)', { to: mail.to, subject: mail.subject, file });
    },
    close: () => files.close(),
  };
}
