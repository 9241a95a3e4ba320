import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer } from '../../../server/mail/mailer';
import { silentLogger } from '../../../server/lib/log';

// Without SMTP_URL each mail is an .eml file under DATA_DIR/mail/ (docs/product.md): the folder is made
// when missing, only the server's user may read the file (it holds a reset link), and one log line names it.

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('mail without SMTP_URL', () => {
  it('is written as an .eml file, readable by the owner only, in a folder made when missing', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mycelius-mail-'));
    made.push(dataDir);
    const mailDir = join(dataDir, 'nested', 'mail');
    const lines: { msg: string; fields: Record<string, unknown> | undefined }[] = [];
    const log = { ...silentLogger, info: (msg: string, fields?: Record<string, unknown>) => lines.push({ msg, fields }) };
    const mailer = createMailer({ smtpUrl: undefined, from: 'Mycelius <no-reply@mycelius.test>', mailDir }, log);
    await mailer.deliver({ to: 'ann@example.com', subject: 'Reset your Mycelius password', text: 'Line one\nLine two\n', html: '<p>Line one</p>' });
    mailer.close();

    const files = readdirSync(mailDir);
    expect(files).toHaveLength(1);
    const [name] = files as [string];
    // When it was written, then a random id: files sort by time, and two in one millisecond do not collide.
    expect(name).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.eml$/);
    expect(statSync(join(mailDir, name)).mode & 0o777).toBe(0o600);
    const raw = readFileSync(join(mailDir, name), 'utf8');
    expect(raw).not.toContain('\r\n');
    const parsed = await simpleParser(raw);
    expect(parsed.from?.value).toEqual([{ name: 'Mycelius', address: 'no-reply@mycelius.test' }]);
    expect(parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : undefined).toBe('ann@example.com');
    expect(parsed.subject).toBe('Reset your Mycelius password');
    expect(parsed.text).toBe('Line one\nLine two\n');
    expect(parsed.html).toBe('<p>Line one</p>');
    expect(lines).toContainEqual({ msg: 'mail written to a file (no SMTP_URL set)', fields: { to: 'ann@example.com', subject: 'Reset your Mycelius password', file: join(mailDir, name) } });
  });
});
