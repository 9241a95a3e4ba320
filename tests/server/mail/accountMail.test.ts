import { describe, expect, it } from 'vitest';
import { emailChangedMail, emailChangeMail, passwordChangedMail, passwordResetMail } from '../../../server/mail/accountMail';

// The four account mails word for word, as docs/product.md ('Account mails') gives them: the plain-text
// part, and the HTML part's paragraphs and link with every text in it escaped. The member's name and the
// address are chosen to need escaping.

const ORIGIN = 'https://mycelius.example';
const NAME = `Ann<b>&"'`;
const NAME_IN_HTML = 'Ann&lt;b&gt;&amp;&quot;&#39;';
const LINK = `${ORIGIN}/reset-password?token=a&b<c>`;
const LINK_IN_HTML = `${ORIGIN}/reset-password?token=a&amp;b&lt;c&gt;`;

/** The HTML part as a reader sees it: the text of each paragraph in order, links as '[text](href)'. */
function paragraphs(html: string): string[] {
  expect(html.startsWith('<!doctype html>\n<html>')).toBe(true);
  expect(html.trimEnd().endsWith('</body></html>')).toBe(true);
  return [...html.matchAll(/<p>(.*?)<\/p>/g)].map(([, inner]) => inner!.replace(/<a href="([^"]*)">([^<]*)<\/a>/g, '[$2]($1)'));
}


/** Its address and subject, then Hi, the ask, the link under its lead-in, the terms and the sign-off: the shape of the two mails with a link. */
function expectLinkMail(
  mail: { to: string; subject: string; text: string; html: string },
  parts: { to: string; subject: string; ask: string; lead: string; link: string; linkInHtml: string; terms: string },
): void {
  const { to, subject, ask, lead, link, linkInHtml, terms } = parts;
  expect(mail.to).toBe(to);
  expect(mail.subject).toBe(subject);
  expect(mail.text).toBe(`Hi ${NAME},\n\n${ask}\n\n${lead}\n${link}\n\n${terms}\n\nMycelius - ${ORIGIN}\n`);
  expect(paragraphs(mail.html)).toEqual([`Hi ${NAME_IN_HTML},`, ask, lead, `[${linkInHtml}](${linkInHtml})`, terms, `Mycelius - ${ORIGIN}`]);
}

const NOT_YOU = `If this was not you, reset your password at ${ORIGIN}/forgot-password at once.`;

describe('account mails', () => {
  it("'Reset your Mycelius password': the link between the ask and the 30 minutes", () => {
    expectLinkMail(passwordResetMail('ann@example.com', NAME, ORIGIN, LINK), {
      to: 'ann@example.com',
      subject: 'Reset your Mycelius password',
      ask: `someone (we hope you) asked to reset the password of your Mycelius account at ${ORIGIN}.`,
      lead: 'Choose a new password here:',
      link: LINK,
      linkInHtml: LINK_IN_HTML,
      terms: 'The link works once, for 30 minutes. If you did not ask, ignore this mail: your password stays as it is.',
    });
  });

  it("'Your Mycelius password was changed': every device after a reset, every other one after Settings", () => {
    const afterReset = passwordChangedMail('ann@example.com', NAME, ORIGIN);
    const afterSettings = passwordChangedMail('ann@example.com', NAME, ORIGIN, 'otherDevices');
    for (const mail of [afterReset, afterSettings]) {
      expect(mail.to).toBe('ann@example.com');
      expect(mail.subject).toBe('Your Mycelius password was changed');
    }
    const changed = (devices: string) => `the password of your Mycelius account at ${ORIGIN} was just changed, and ${devices} that was signed in has been signed out.`;
    expect(afterReset.text).toBe(`Hi ${NAME},\n\n${changed('every device')}\n\n${NOT_YOU}\n\nMycelius - ${ORIGIN}\n`);
    expect(afterSettings.text).toBe(`Hi ${NAME},\n\n${changed('every other device')}\n\n${NOT_YOU}\n\nMycelius - ${ORIGIN}\n`);
    expect(paragraphs(afterReset.html)).toEqual([`Hi ${NAME_IN_HTML},`, changed('every device'), NOT_YOU, `Mycelius - ${ORIGIN}`]);
    expect(paragraphs(afterSettings.html)).toEqual([`Hi ${NAME_IN_HTML},`, changed('every other device'), NOT_YOU, `Mycelius - ${ORIGIN}`]);
  });

  it("'Confirm your new email for Mycelius': to the new address, the link between the ask and the 24 hours", () => {
    const link = `${ORIGIN}/confirm-email?token=x'y`;
    expectLinkMail(emailChangeMail('new@example.com', NAME, ORIGIN, link), {
      to: 'new@example.com',
      subject: 'Confirm your new email for Mycelius',
      ask: `someone (we hope you) asked to use this address for the Mycelius account at ${ORIGIN}.`,
      lead: 'Confirm it here:',
      link,
      linkInHtml: `${ORIGIN}/confirm-email?token=x&#39;y`,
      terms: 'The link works once, for 24 hours. If you did not ask, ignore this mail: nothing changes.',
    });
  });

  it("'Your Mycelius email was changed': to the old address, naming the new one", () => {
    const mail = emailChangedMail('old@example.com', NAME, ORIGIN, 'new<i>@example.com');
    expect(mail.to).toBe('old@example.com');
    expect(mail.subject).toBe('Your Mycelius email was changed');
    expect(mail.text).toBe(
      `Hi ${NAME},\n\n` +
        `the email of your Mycelius account at ${ORIGIN} was just changed to new<i>@example.com. Mail about the account goes there from now on.\n\n` +
        `${NOT_YOU}\n\nMycelius - ${ORIGIN}\n`,
    );
    expect(paragraphs(mail.html)).toEqual([
      `Hi ${NAME_IN_HTML},`,
      `the email of your Mycelius account at ${ORIGIN} was just changed to new&lt;i&gt;@example.com. Mail about the account goes there from now on.`,
      NOT_YOU,
      `Mycelius - ${ORIGIN}`,
    ]);
  });
});
