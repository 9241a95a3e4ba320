import { beforeEach, describe, expect, it } from 'vitest';
import { linkIn } from '../../support/smtpInbox';
import { browser } from './support/browser';
import { mailingAppAroundTests, tokenOf } from './support/mailingApp';
import { DATABASE_KINDS } from './support/testDatabase';

// 'Forgot password?' over HTTP with mail really sent to an SMTP server on loopback, on PGlite and Postgres.

const START = Date.parse('2026-03-01T12:00:00Z');
const MINUTE = 60_000;
const SENT = 'If an account uses that address, we sent a link to reset the password.';
const LINK_INVALID = 'This reset link has expired or was already used.';

describe.each(DATABASE_KINDS)('password reset by email on %s', (kind) => {
  const mailing = mailingAppAroundTests(kind, START);
  const { someone, mailsWithSubject } = mailing;

  beforeEach(async () => {
    const signed = await someone().request('POST', '/api/auth/signup', { username: 'alice', email: 'alice@example.com', password: 'old-secret' });
    expect(signed.status).toBe(201);
  });

  async function askForLink(email = 'alice@example.com', from = someone()) {
    return from.request('POST', '/api/auth/password-reset', { email });
  }
  async function resetLink() {
    const asked = await askForLink();
    expect(asked.status).toBe(202);
    const [mail] = await mailsWithSubject('Reset your Mycelius password');
    return linkIn(mail!, '/reset-password');
  }

  it('answers a known and an unknown address with the same words; only the account holder gets a mail, with a link to the reset page', async () => {
    const known = await askForLink('Alice@Example.com ');
    const unknown = await askForLink('nobody@example.com');
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(await known.json()).toEqual({ message: SENT });
    expect(await unknown.json()).toEqual({ message: SENT });

    const [mail] = await mailsWithSubject('Reset your Mycelius password');
    expect(mail!.to).toMatchObject({ value: [{ address: 'alice@example.com' }] });
    expect(mail!.from).toMatchObject({ value: [{ address: 'no-reply@mycelius.test', name: 'Mycelius' }] });
    const link = linkIn(mail!, '/reset-password');
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:5999\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    expect(mail!.text).toContain('The link works once, for 30 minutes.');
    expect(mail!.html).toContain(`href="${link}"`);
    // Nothing more arrives for the unknown address.
    await mailing.queue.deliverDue();
    expect(mailing.inbox.messages).toHaveLength(1);
  });

  it('sets the new password once: every session ends, this browser is signed in, the old password is refused, and a mail says so', async () => {
    const phone = someone();
    const laptop = someone();
    for (const device of [phone, laptop]) expect((await device.request('POST', '/api/auth/login', { username: 'alice', password: 'old-secret' })).status).toBe(200);
    const token = tokenOf(await resetLink());

    const here = someone();
    const reset = await here.request('POST', '/api/auth/password-reset/confirm', { token, password: 'new-secret' });
    expect(reset.status).toBe(200);
    expect(await reset.json()).toMatchObject({ user: { username: 'alice', email: 'alice@example.com' } });
    expect((await here.request('GET', '/api/me')).status).toBe(200);
    for (const device of [phone, laptop]) expect((await device.request('GET', '/api/me')).status).toBe(401);

    expect((await someone().request('POST', '/api/auth/login', { username: 'alice', password: 'old-secret' })).status).toBe(401);
    expect((await someone().request('POST', '/api/auth/login', { username: 'alice', password: 'new-secret' })).status).toBe(200);

    const again = await someone().request('POST', '/api/auth/password-reset/confirm', { token, password: 'third-secret' });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: { code: 'RESET_LINK_INVALID', message: LINK_INVALID } });
    const [changed] = await mailsWithSubject('Your Mycelius password was changed');
    expect(changed!.text).toContain('every device that was signed in has been signed out');
  });

  it('works for 30 minutes after it was asked for, and only the newest link works', async () => {
    const first = tokenOf(await resetLink());
    mailing.clock += MINUTE;
    const second = (await askForLink()).status;
    expect(second).toBe(202);
    const mails = await mailsWithSubject('Reset your Mycelius password', 2);
    const newest = tokenOf(linkIn(mails[1]!, '/reset-password'));
    expect(newest).not.toBe(first);

    const confirm = (token: string) => someone().request('POST', '/api/auth/password-reset/confirm', { token, password: 'new-secret' });
    expect((await confirm(first)).status).toBe(400);
    mailing.clock = START + MINUTE + 30 * MINUTE;
    const expired = await confirm(newest);
    expect(expired.status).toBe(400);
    expect(await expired.json()).toEqual({ error: { code: 'RESET_LINK_INVALID', message: LINK_INVALID } });
    mailing.clock = START + MINUTE + 30 * MINUTE - 1;
    expect((await confirm(newest)).status).toBe(200);
  });

  it('refuses bad input with the field and the form texts, and a made-up or malformed token as an invalid link', async () => {
    const cases: [unknown, number, unknown][] = [
      [{ email: 'not-an-email' }, 400, { error: { code: 'INVALID_INPUT', message: 'Please enter a valid email', field: 'email' } }],
      [{ email: '' }, 400, { error: { code: 'INVALID_INPUT', message: 'Email is required', field: 'email' } }],
      [{ email: `${'a'.repeat(250)}@example.com` }, 400, { error: { code: 'INVALID_INPUT', message: 'Please enter a valid email', field: 'email' } }],
    ];
    for (const [body, status, answer] of cases) {
      const response = await someone().request('POST', '/api/auth/password-reset', body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(await response.json()).toEqual(answer);
    }
    for (const body of [{ email: 'alice@example.com\u0000' }, { email: 'x'.repeat(10_001) }, { mail: 'alice@example.com' }, 'alice']) {
      expect((await someone().request('POST', '/api/auth/password-reset', body)).status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    const short = await someone().request('POST', '/api/auth/password-reset/confirm', { token: 'a'.repeat(43), password: 'abc' });
    expect(await short.json()).toEqual({ error: { code: 'INVALID_INPUT', message: 'Password must be at least 6 characters', field: 'password' } });
    for (const token of ['a'.repeat(43), 'short', '../../etc/passwd', 'a'.repeat(200), `${'a'.repeat(42)}\u0000`]) {
      const response = await someone().request('POST', '/api/auth/password-reset/confirm', { token, password: 'new-secret' });
      expect(response.status, token.slice(0, 20)).toBe(400);
    }
    expect((await someone().request('POST', '/api/auth/password-reset/confirm', { token: 'a'.repeat(201), password: 'new-secret' })).status).toBe(400);
    await mailing.queue.deliverDue();
    expect(mailing.inbox.messages).toHaveLength(0);
  });

  it('sends one address at most 3 links an hour however many clients ask at once, and one client at most 10 requests an hour', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => askForLink('alice@example.com', browser(mailing.app, { address: `203.0.113.${i + 1}` }))));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(37);
    expect(answers.find((r) => r.status === 429)?.headers.get('Retry-After')).toBe('3600');
    await mailsWithSubject('Reset your Mycelius password', 3);

    const one = browser(mailing.app, { address: '192.0.2.77' });
    const fromOne = [];
    for (let i = 0; i < 11; i += 1) fromOne.push((await askForLink(`person${i}@example.com`, one)).status);
    expect(fromOne).toEqual([...Array(10).fill(202), 429]);
  });

  it('lets only one of many simultaneous uses of a link through', async () => {
    const token = tokenOf(await resetLink());
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => browser(mailing.app, { address: `203.0.113.${i + 100}` }).request('POST', '/api/auth/password-reset/confirm', { token, password: `new-secret-${i}` })),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 400 || s === 503)).toHaveLength(11);
  });

  it('refuses a cross-site request', async () => {
    const response = await browser(mailing.app, { origin: 'https://evil.example' }).request('POST', '/api/auth/password-reset', { email: 'alice@example.com' });
    expect(response.status).toBe(403);
    expect(await mailing.database.db.selectFrom('password_resets').select('token_hash').execute()).toEqual([]);
  });
});
