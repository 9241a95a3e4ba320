import { beforeEach, describe, expect, it } from 'vitest';
import { linkIn } from '../../support/smtpInbox';
import type { Browser } from './support/browser';
import { mailingAppAroundTests, tokenOf } from './support/mailingApp';
import { DATABASE_KINDS } from './support/testDatabase';

// 'Change email' over HTTP with mail really sent to an SMTP server on loopback, on PGlite and Postgres:
// the password is asked, the link goes to the new address, and only opening it changes the account.

const START = Date.parse('2026-03-01T12:00:00Z');
const HOUR = 60 * 60_000;
const CONFIRM_SUBJECT = 'Confirm your new email for Mycelius';
const CHANGED_SUBJECT = 'Your Mycelius email was changed';
const LINK_INVALID = 'This confirmation link has expired or was already used.';

describe.each(DATABASE_KINDS)('changing the email on %s', (kind) => {
  const mailing = mailingAppAroundTests(kind, START);
  const { someone, mailsWithSubject } = mailing;
  let alice: Browser;

  beforeEach(async () => {
    alice = someone();
    expect((await alice.request('POST', '/api/auth/signup', { username: 'alice', email: 'alice@example.com', password: 'alice-secret' })).status).toBe(201);
  });

  const ask = (email: string, password = 'alice-secret', who = alice) => who.request('POST', '/api/me/email', { email, password });
  const confirm = (token: string, who = someone()) => who.request('POST', '/api/auth/email-change/confirm', { token });
  /** Asks for `email` and answers the link of the mail that reached it (mails may arrive in any order). */
  async function linkTo(email: string, count = 1) {
    const asked = await ask(email);
    expect(asked.status).toBe(202);
    const mails = await mailsWithSubject(CONFIRM_SUBJECT, count);
    const to = (mail: (typeof mails)[number]) => (mail.to as { value: { address: string }[] }).value[0]?.address;
    const mail = mails.find((m) => to(m) === email.trim().toLowerCase());
    expect(mail).toBeDefined();
    return linkIn(mail!, '/confirm-email');
  }
  const emailOf = async (who: Browser) => ((await (await who.request('GET', '/api/me')).json()) as { user: { email: string } }).user.email;

  it('sends the link to the new address only; the email changes when it is opened, once, and the old address is told', async () => {
    const link = await linkTo(' Alice.New@Example.com ');
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:5999\/confirm-email\?token=[A-Za-z0-9_-]{43}$/);
    const [sent] = await mailsWithSubject(CONFIRM_SUBJECT);
    expect(sent!.text).toContain('The link works once, for 24 hours.');
    expect(await emailOf(alice)).toBe('alice@example.com');

    // Opened on another device, without a session: the link is the proof.
    const opened = await confirm(tokenOf(link));
    expect(opened.status).toBe(200);
    expect(await opened.json()).toEqual({ email: 'alice.new@example.com' });
    expect(await emailOf(alice)).toBe('alice.new@example.com');
    const [told] = await mailsWithSubject(CHANGED_SUBJECT);
    expect(told!.to).toMatchObject({ value: [{ address: 'alice@example.com' }] });
    expect(told!.text).toContain('was just changed to alice.new@example.com');

    const again = await confirm(tokenOf(link));
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: { code: 'EMAIL_LINK_INVALID', message: LINK_INVALID } });
    // The new address now resets the password; the old one no longer has an account.
    expect((await someone().request('POST', '/api/auth/signup', { username: 'mallory', email: 'alice@example.com', password: 'mallory-secret' })).status).toBe(201);
  });

  it('asks for the right password, refuses a taken or unchanged address, and a malformed one with the form text', async () => {
    const wrong = await ask('alice.new@example.com', 'not-her-password');
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ error: { code: 'WRONG_PASSWORD', message: 'That password is not correct', field: 'password' } });
    expect((await someone().request('POST', '/api/auth/signup', { username: 'bob', email: 'bob@example.com', password: 'bob-secret' })).status).toBe(201);
    const taken = await ask('BOB@example.com');
    expect(taken.status).toBe(409);
    expect(await taken.json()).toEqual({ error: { code: 'EMAIL_TAKEN', message: 'An account with this email already exists', field: 'email' } });
    const same = await ask('alice@example.com');
    expect(same.status).toBe(400);
    expect(await same.json()).toEqual({ error: { code: 'INVALID_INPUT', message: 'That is already your email', field: 'email' } });
    const blank = await ask('  ');
    expect(await blank.json()).toEqual({ error: { code: 'INVALID_INPUT', message: 'Email is required', field: 'email' } });
    for (const email of ['not-an-email', `${'a'.repeat(250)}@example.com`]) {
      const bad = await ask(email);
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual({ error: { code: 'INVALID_INPUT', message: 'Please enter a valid email', field: 'email' } });
    }
    const nul = await ask('alice\u0000@example.com');
    expect(nul.status).toBe(400);
    // Signed out: no change at all.
    const stranger = await ask('alice.new@example.com', 'alice-secret', someone());
    expect(stranger.status).toBe(401);
    expect(mailing.inbox.messages.filter((m) => m.subject === CONFIRM_SUBJECT)).toHaveLength(0);
  });

  it('works for 24 hours, only the newest link works, and an address taken meanwhile is refused with the link kept', async () => {
    const first = await linkTo('first@example.com');
    const second = await linkTo('second@example.com', 2);
    expect((await confirm(tokenOf(first))).status).toBe(400);

    // bob signs up with the address alice asked for: her link cannot take it from him.
    expect((await someone().request('POST', '/api/auth/signup', { username: 'bob', email: 'second@example.com', password: 'bob-secret' })).status).toBe(201);
    const clash = await confirm(tokenOf(second));
    expect(clash.status).toBe(409);
    expect(await emailOf(alice)).toBe('alice@example.com');

    const third = await linkTo('third@example.com', 3);
    mailing.clock += 24 * HOUR;
    const late = await confirm(tokenOf(third));
    expect(late.status).toBe(400);
    expect(await late.json()).toEqual({ error: { code: 'EMAIL_LINK_INVALID', message: LINK_INVALID } });
    expect(await emailOf(alice)).toBe('alice@example.com');
  });

  it('lets a member ask at most 5 times an hour even all at once, and one of many simultaneous confirmations through', async () => {
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => ask(`many${i}@example.com`)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 202)).toHaveLength(5);
    expect(statuses.filter((s) => s !== 202).every((s) => s === 429 || s === 503)).toBe(true);
    mailing.clock += HOUR;
    const link = await linkTo('once@example.com', 6);
    const confirmations = await Promise.all(Array.from({ length: 20 }, () => confirm(tokenOf(link))));
    expect(confirmations.map((c) => c.status).filter((s) => s === 200)).toHaveLength(1);
    expect(await emailOf(alice)).toBe('once@example.com');
  });

  it('refuses made-up, malformed and huge tokens as an invalid link, and counts a client guessing', async () => {
    for (const token of ['', 'x'.repeat(43), 'a\u0000b', 'A'.repeat(199)]) {
      const answer = await confirm(token);
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({ error: { code: 'EMAIL_LINK_INVALID', message: LINK_INVALID } });
    }
    expect((await confirm('A'.repeat(5000))).status).toBe(400);
    const guesser = someone();
    const guesses = await Promise.all(Array.from({ length: 40 }, () => confirm('B'.repeat(43), guesser)));
    expect(guesses.filter((g) => g.status === 429)).toHaveLength(20);
  });
});
