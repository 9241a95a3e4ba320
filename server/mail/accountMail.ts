import { FORGOT_PASSWORD_PATH, PASSWORD_RESET_LIFETIME_MINUTES } from '../../src/domain/accountRecovery';
import { EMAIL_CHANGE_LIFETIME_HOURS } from '../../src/domain/emailChange';
import type { OutgoingMail } from './mailer';

// The mails about a member's account: plain text for every client, and a simple HTML part with the
// same words. Each names the app and its origin, so a member can tell it from a phishing copy.

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

function html(paragraphs: readonly string[], link?: { href: string; label: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  const button = link ? `\n<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : '';
  return `<!doctype html>\n<html><body style="font-family: system-ui, sans-serif; line-height: 1.5">\n${body}${button}\n</body></html>\n`;
}

export function passwordResetMail(to: string, username: string, origin: string, link: string): OutgoingMail {
  const lines = [
    `Hi ${username},`,
    `someone (we hope you) asked to reset the password of your Mycelius account at ${origin}.`,
    `The link works once, for ${PASSWORD_RESET_LIFETIME_MINUTES} minutes. If you did not ask, ignore this mail: your password stays as it is.`,
  ];
  return {
    to,
    subject: 'Reset your Mycelius password',
    text: `${lines[0]}\n\n${lines[1]}\n\nChoose a new password here:\n${link}\n\n${lines[2]}\n\nMycelius - ${origin}\n`,
    html: html([...lines.slice(0, 2), 'Choose a new password here:'], { href: link, label: link }).replace('</body>', `<p>${escapeHtml(lines[2]!)}</p>\n<p>Mycelius - ${escapeHtml(origin)}</p>\n</body>`),
  };
}

/** After a reset every device was signed out; after a change in Settings, every device but the one it was changed on. */
export function passwordChangedMail(to: string, username: string, origin: string, signedOut: 'everyDevice' | 'otherDevices' = 'everyDevice'): OutgoingMail {
  const devices = signedOut === 'everyDevice' ? 'every device that was signed in has been signed out' : 'every other device that was signed in has been signed out';
  const lines = [
    `Hi ${username},`,
    `the password of your Mycelius account at ${origin} was just changed, and ${devices}.`,
    `If this was not you, reset your password at ${origin}${FORGOT_PASSWORD_PATH} at once.`,
  ];
  return {
    to,
    subject: 'Your Mycelius password was changed',
    text: `${lines.join('\n\n')}\n\nMycelius - ${origin}\n`,
    html: html([...lines, `Mycelius - ${origin}`]),
  };
}

export function emailChangeMail(to: string, username: string, origin: string, link: string): OutgoingMail {
  const lines = [
    `Hi ${username},`,
    `someone (we hope you) asked to use this address for the Mycelius account at ${origin}.`,
    `The link works once, for ${EMAIL_CHANGE_LIFETIME_HOURS} hours. If you did not ask, ignore this mail: nothing changes.`,
  ];
  return {
    to,
    subject: 'Confirm your new email for Mycelius',
    text: `${lines[0]}\n\n${lines[1]}\n\nConfirm it here:\n${link}\n\n${lines[2]}\n\nMycelius - ${origin}\n`,
    html: html([...lines.slice(0, 2), 'Confirm it here:'], { href: link, label: link }).replace('</body>', `<p>${escapeHtml(lines[2]!)}</p>\n<p>Mycelius - ${escapeHtml(origin)}</p>\n</body>`),
  };
}

export function emailChangedMail(to: string, username: string, origin: string, newEmail: string): OutgoingMail {
  const lines = [
    `Hi ${username},`,
    `the email of your Mycelius account at ${origin} was just changed to ${newEmail}. Mail about the account goes there from now on.`,
    `If this was not you, reset your password at ${origin}${FORGOT_PASSWORD_PATH} at once.`,
  ];
  return {
    to,
    subject: 'Your Mycelius email was changed',
    text: `${lines.join('\n\n')}\n\nMycelius - ${origin}\n`,
    html: html([...lines, `Mycelius - ${origin}`]),
  };
}
