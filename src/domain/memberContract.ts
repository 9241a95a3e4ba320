import { z } from 'zod';
import { boundedProfileSchema, profileSchema } from './profile';
import { safeLine } from './safeText';

// The wire contract of the members routes (accounts, sessions, the member's profile), shared by the
// server (validation) and the client (calls). Guests never call these routes.

export const MEMBER_ROUTES = {
  signup: '/api/auth/signup',
  login: '/api/auth/login',
  logout: '/api/auth/logout',
  me: '/api/me',
  profile: '/api/me/profile',
  exportData: '/api/me/export',
} as const;

/** The session cookie: an opaque random id, httpOnly, SameSite=Lax, Secure behind https. */
export const SESSION_COOKIE = 'mycelius_session';
export { MEMBER_HINT_COOKIE } from './memberHintCookie';
export const SESSION_LIFETIME_DAYS = 30;

/** Log-in throttle: this many failures per (username, client), or per known device, within the window (server/members/loginThrottle.ts). */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MINUTES = 15;

/** A member's picture is downscaled in the browser to this edge and capped on the server. */
export const PICTURE_MAX_EDGE_PX = 256;
export const PICTURE_MAX_BYTES = 200 * 1024;
/** 400 INVALID_PICTURE: the picture is not a base64 PNG, JPEG, WebP or GIF data URL. */
export const invalidPictureText = 'That picture could not be used. Please choose a PNG, JPEG, WebP or GIF image.';

/**
 * The longest username and email the server keeps (an address over 254 characters is not a valid
 * email, so it gets the contract's 'Please enter a valid email').
 */
export const USERNAME_MAX_LENGTH = 32;
export const EMAIL_MAX_LENGTH = 254;
export const usernameTooLongText = `Username must be at most ${USERNAME_MAX_LENGTH} characters`;

/** Server error codes of these routes, each with the one text a person sees for it. */
export const memberErrorTexts = {
  USERNAME_TAKEN: 'That username is taken',
  EMAIL_TAKEN: 'An account with this email already exists',
  INVALID_CREDENTIALS: 'Invalid username or password',
  WRONG_PASSWORD: 'That password is not correct',
  UNAUTHENTICATED: 'Your session has ended. Please log in again.',
  PICTURE_TOO_LARGE: 'That picture is too large. Please choose a smaller one.',
  OFFLINE: 'You appear to be offline. Please check your connection and try again.',
  SERVER: 'Something went wrong on the server. Please try again.',
  BUSY: 'The server is busy. Please try again in a moment.',
} as const;
export type MemberErrorCode = keyof typeof memberErrorTexts;

/** 'Too many attempts. Try again in N minutes.' (429 TOO_MANY_ATTEMPTS, with Retry-After in seconds). */
export function tooManyAttemptsText(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

export const memberFieldSchema = z.enum(['username', 'email', 'password']);
export type MemberField = z.infer<typeof memberFieldSchema>;

/**
 * Error body of these routes: the app's `{error:{code,message}}` plus, for validation and uniqueness
 * failures, the form field it concerns so the client shows it under that field.
 */
export const memberErrorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    field: memberFieldSchema.optional(),
    /** ACCOUNT_SUSPENDED (403, log-in): until when; null for a permanent suspension. */
    suspendedUntil: z.iso.datetime({ offset: true }).nullable().optional(),
  }),
});

export const signupRequestSchema = z.object({
  username: z.string().max(10_000),
  email: safeLine(10_000),
  password: safeLine(10_000),
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

export const loginRequestSchema = z.object({
  username: z.string().max(10_000),
  password: safeLine(10_000),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const deleteAccountRequestSchema = z.object({ password: safeLine(10_000) });

export const memberSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  createdAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

/** The server could not be reached, but this device holds a member's profile copy (whose id is given). */
export interface UnreachableMember {
  offlineMemberId: string;
}

/** The contract's profile shape plus `updatedAt` (ms since the epoch): the newer write wins. */
export const memberProfileSchema = profileSchema.extend({ updatedAt: z.number().int().nonnegative() });
export type MemberProfile = z.infer<typeof memberProfileSchema>;

/**
 * A profile `updatedAt` further ahead of the server's clock than this is stored as the server's time:
 * a device whose clock runs far ahead (or a forged time) would otherwise win over every later edit.
 */
export const PROFILE_UPDATED_AT_MAX_AHEAD_MS = 5 * 60_000;

/** PUT /api/me/profile: the profile within PROFILE_LIMITS (400 INVALID_REQUEST naming the field otherwise). */
export const memberProfileWriteSchema = boundedProfileSchema.extend({ updatedAt: z.number().int().nonnegative() });

export const authResponseSchema = z.object({ user: memberSchema });
export const meResponseSchema = z.object({ user: memberSchema, profile: memberProfileSchema.nullable() });
export type MeResponse = z.infer<typeof meResponseSchema>;
export const profileResponseSchema = z.object({ profile: memberProfileSchema });
export const exportResponseSchema = z.object({
  user: memberSchema,
  profile: memberProfileSchema.nullable(),
  exportedAt: z.string(),
});
