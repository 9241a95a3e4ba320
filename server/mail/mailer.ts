import { randomUUID } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
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

/**
 * Made on first use: nodemailer is loaded with the first mail, as most servers send none for hours and
 * its code would otherwise sit in memory from the start. `made` is what was made so far, for closing.
 */
function onFirstUse<T>(make: () => Promise<T>): { get(): Promise<T>; made(): Promise<T> | undefined } {
  let made: Promise<T> | undefined;
  return { get: () => (made ??= make()), made: () => made };
}

function closeWhenMade(transport: { made(): Promise<{ close(): void }> | undefined }): void {
  void transport.made()?.then(
    (made) => made.close(),
    () => undefined,
  );
}

export function createMailer(settings: MailSettings, log: Logger): Mailer {
  if (settings.smtpUrl) {
    const url = settings.smtpUrl;
    const transport = onFirstUse(async () =>
      (await import('nodemailer')).createTransport({
        url,
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: SMTP_TIMEOUT_MS,
      }),
    );
    return {
      async deliver(mail) {
        await (await transport.get()).sendMail({ from: settings.from, ...mail });
      },
      close: () => closeWhenMade(transport),
    };
  }
  const files = onFirstUse(async () => (await import('nodemailer')).createTransport({ streamTransport: true, buffer: true, newline: 'unix' }));
  return {
    async deliver(mail) {
      const info = await (await files.get()).sendMail({ from: settings.from, ...mail });
      await mkdir(settings.mailDir, { recursive: true });
      const file = join(settings.mailDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`);
      // Written under another name and renamed whole: whoever watches the folder for .eml files never
      // reads one half written.
      await writeFile(`${file}.part`, info.message, { mode: 0o600 });
      await rename(`${file}.part`, file);
      log.info('mail written to a file (no SMTP_URL set)', { to: mail.to, subject: mail.subject, file });
    },
    close: () => closeWhenMade(files),
  };
}
