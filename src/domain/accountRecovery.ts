import { z } from 'zod';
import { safeLine } from './safeText';

// Getting back into an account: 'Forgot password?' on the log-in screen, a link by email, a new password.
// The texts a person sees, the link's lifetime and the wire shapes, shared by the server and the client.

export const ACCOUNT_RECOVERY_ROUTES = {
  requestReset: '/api/auth/password-reset',
  confirmReset: '/api/auth/password-reset/confirm',
} as const;

/** The app's pages: the request form, and the page a reset link opens (`?token=`). */
export const FORGOT_PASSWORD_PATH = '/forgot-password';
export const RESET_PASSWORD_PATH = '/reset-password';

/** A reset link works once, for this long after it was asked for. */
export const PASSWORD_RESET_LIFETIME_MINUTES = 30;

export const accountRecoveryTexts = {
  forgotLink: 'Forgot password?',
  forgotHeading: 'Reset your password',
  forgotIntro: 'Enter the email address of your account and we will send you a link to choose a new password.',
  emailLabel: 'Email',
  sendLink: 'Send reset link',
  sending: 'Sending...',
  /** The one answer to every well-formed request: whether an account uses the address is never told. */
  sent: 'If an account uses that address, we sent a link to reset the password.',
  backToLogIn: 'Back to Log In',
  chooseHeading: 'Choose a new password',
  newPasswordLabel: 'New password',
  confirmPasswordLabel: 'Confirm password',
  savePassword: 'Save new password',
  saving: 'Saving...',
  linkInvalid: 'This reset link has expired or was already used.',
  askAgain: 'Ask for a new link',
} as const;

export const passwordResetRequestSchema = z.object({ email: safeLine(10_000) });

/** A reset token as the link carries it: 32 random bytes, base64url. */
export const resetTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

export const passwordResetConfirmSchema = z.object({ token: z.string().max(200), password: safeLine(10_000) });

/** The answer to a reset request: always the same words. */
export const passwordResetRequestedSchema = z.object({ message: z.string() });

/** 400 RESET_LINK_INVALID: the token is unknown, used or expired. */
export const RESET_LINK_INVALID = 'RESET_LINK_INVALID';
