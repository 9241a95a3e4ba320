import { z } from 'zod';
import { safeLine } from './safeText';

// Changing a member's email: Settings asks for the new address and the password, a link goes to the new
// address, and only opening it (and pressing 'Confirm email') makes the change. The texts, the link's
// lifetime and the wire shapes, shared by the server and the client.

export const EMAIL_CHANGE_ROUTES = {
  request: '/api/me/email',
  confirm: '/api/auth/email-change/confirm',
} as const;

/** The page a confirmation link opens (`?token=`). */
export const CONFIRM_EMAIL_PATH = '/confirm-email';

/** A confirmation link works once, for this long after it was asked for. */
export const EMAIL_CHANGE_LIFETIME_HOURS = 24;

/** Email changes one member may ask for in an hour (each sends a mail to an address they choose). */
export const EMAIL_CHANGES_PER_HOUR = 5;

export const emailChangeTexts = {
  heading: 'Email',
  current: (email: string) => `Your email is ${email}.`,
  change: 'Change email',
  dialogTitle: 'Change your email',
  newEmailLabel: 'New email',
  passwordLabel: 'Current password',
  send: 'Send confirmation link',
  sending: 'Sending...',
  cancel: 'Cancel',
  done: 'Done',
  sent: (email: string) => `We sent a link to ${email}. Your email changes once you open it.`,
  sameEmail: 'That is already your email',
  confirmHeading: 'Confirm your new email',
  confirmIntro: 'Press the button to use this address for your Mycelius account.',
  confirm: 'Confirm email',
  confirming: 'Confirming...',
  confirmed: (email: string) => `Your email is now ${email}.`,
  openApp: 'Open Mycelius',
  linkInvalid: 'This confirmation link has expired or was already used.',
} as const;

export const emailChangeRequestSchema = z.object({ email: safeLine(10_000), password: safeLine(10_000) });

/** A confirmation token as the link carries it: 32 random bytes, base64url. */
export const emailChangeTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

export const emailChangeConfirmSchema = z.object({ token: z.string().max(200) });

/** The answer to a request: the address the link went to. */
export const emailChangeRequestedSchema = z.object({ email: z.string() });

/** The answer to a confirmation: the member's email from now on. */
export const emailChangedSchema = z.object({ email: z.string() });

/** 400 EMAIL_LINK_INVALID: the token is unknown, used or expired. */
export const EMAIL_LINK_INVALID = 'EMAIL_LINK_INVALID';
