import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// A real SMTP server on loopback that keeps every message it is given, parsed, for tests to read.

export interface SmtpInbox {
  url: string;
  messages: ParsedMail[];
  close(): Promise<void>;
}

/** `port`: a loopback port chosen beforehand (a server may already be configured to send there); any free one when 0. */
export async function startSmtpInbox(port = 0): Promise<SmtpInbox> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (parsed) => {
          messages.push(parsed);
          callback();
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const listening = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${listening}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The link to `path` (on any origin) in a mail's plain text. */
export function linkIn(mail: ParsedMail, path: string): string {
  const link = (mail.text ?? '').split(/\s+/).find((word) => /^https?:\/\//.test(word) && URL.canParse(word) && new URL(word).pathname === path);
  if (!link) throw new Error(`no link to ${path} in the mail '${mail.subject ?? ''}'`);
  return link;
}
