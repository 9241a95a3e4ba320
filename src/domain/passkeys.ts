import { z } from 'zod';
import { safeLine } from './safeText';

// Passkeys (WebAuthn): a member adds one in Settings after confirming the password, and signs in with it
// on the log-in screen without typing a name (a discoverable credential). The routes, the texts a person
// sees, the limits and the wire shapes, shared by the server and the client. The WebAuthn JSON itself
// (options and the authenticator's response) is only bounded here: @simplewebauthn checks it.

export const PASSKEY_ROUTES = {
  /** GET: the member's passkeys; POST: adds one (the authenticator's response to the options). */
  passkeys: '/api/me/passkeys',
  /** POST { password }: registration options, after the password is confirmed. */
  registrationOptions: '/api/me/passkeys/options',
  /** DELETE: removes one of the member's passkeys (404 for any other id). */
  passkey: (id: string) => `/api/me/passkeys/${encodeURIComponent(id)}`,
  /** POST: options for 'Sign in with a passkey' (no name: the authenticator offers its passkeys). */
  signInOptions: '/api/auth/passkey/options',
  /** POST: the authenticator's answer; signs in exactly like a password log-in. */
  signIn: '/api/auth/passkey',
} as const;

/** A challenge answers once, within this time of being handed out. */
export const PASSKEY_CHALLENGE_LIFETIME_MINUTES = 5;
/** Live challenges one client (or one member, when adding) may hold; a new one pushes out the oldest. */
export const PASSKEY_CHALLENGES_PER_CLIENT = 5;
/** Passkeys one member may keep. */
export const PASSKEYS_PER_MEMBER = 20;
export const PASSKEY_NAME_MAX_LENGTH = 60;

export const passkeyTexts = {
  heading: 'Passkeys',
  intro: 'Sign in with your fingerprint, face or device PIN instead of your password.',
  none: 'You have no passkeys yet.',
  add: 'Add a passkey',
  adding: 'Adding…',
  confirmHeading: 'Add a passkey',
  confirmIntro: 'Enter your password to confirm it is you. Your browser then asks you to create the passkey.',
  passwordLabel: 'Password',
  nameLabel: 'Name (optional)',
  cancel: 'Cancel',
  continue: 'Continue',
  added: 'Passkey added.',
  created: (date: string) => `Added ${date}`,
  remove: 'Remove',
  removing: 'Removing…',
  removeTitle: 'Remove this passkey?',
  removeMessage: (name: string) => `"${name}" will no longer sign you in.`,
  removed: 'Passkey removed.',
  loadFailed: 'Your passkeys could not be loaded.',
  signIn: 'Sign in with a passkey',
  signingIn: 'Waiting for your passkey…',
  /** The browser was cancelled, timed out, or has no passkey for this site. */
  cancelled: 'No passkey was used. Please try again, or log in with your password.',
  unsupported: 'This browser cannot use passkeys.',
  /** 400 PASSKEY_CHALLENGE_INVALID: the options were used already or are too old. */
  challengeInvalid: 'That passkey request has expired. Please try again.',
  /** 401 PASSKEY_NOT_RECOGNISED: unknown (removed) passkey, or a signature that does not check out. */
  notRecognised: 'That passkey is not recognised. It may have been removed. Please log in with your password.',
  /** 400 PASSKEY_NOT_ADDED: the authenticator's response to the registration options does not check out. */
  notAdded: 'The passkey could not be added. Please try again.',
  /** 409 PASSKEY_LIMIT: the member keeps PASSKEYS_PER_MEMBER already. */
  limit: `You can keep at most ${PASSKEYS_PER_MEMBER} passkeys. Remove one first.`,
  /** 404 PASSKEY_NOT_FOUND. */
  notFound: 'That passkey no longer exists.',
  /** The name a passkey gets when none is given: 'Passkey' and the day it was added. */
  defaultName: (isoDay: string) => `Passkey ${isoDay}`,
} as const;

export const PASSKEY_ERROR_CODES = {
  challengeInvalid: 'PASSKEY_CHALLENGE_INVALID',
  notRecognised: 'PASSKEY_NOT_RECOGNISED',
  notAdded: 'PASSKEY_NOT_ADDED',
  limit: 'PASSKEY_LIMIT',
  notFound: 'PASSKEY_NOT_FOUND',
} as const;

/** A base64url string as WebAuthn JSON carries ids, challenges and binary fields. */
const base64url = (max: number) => z.string().max(max).regex(/^[A-Za-z0-9_-]*={0,2}$/);

const transportSchema = z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']);

/** navigator.credentials.create()'s answer as JSON (RegistrationResponseJSON), bounded. */
export const registrationResponseSchema = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4000),
    attestationObject: base64url(16_000),
    authenticatorData: base64url(16_000).optional(),
    transports: z.array(transportSchema).max(8).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4000).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});

/** navigator.credentials.get()'s answer as JSON (AuthenticationResponseJSON), bounded. */
export const authenticationResponseSchema = z.object({
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(4000),
    authenticatorData: base64url(4000),
    signature: base64url(2000),
    userHandle: base64url(200).optional(),
  }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
});

export const registrationOptionsRequestSchema = z.object({ password: safeLine(10_000) });

export const addPasskeyRequestSchema = z.object({
  response: registrationResponseSchema,
  /** Empty or absent: the server names it 'Passkey' and the day. */
  name: safeLine(PASSKEY_NAME_MAX_LENGTH).optional(),
});

export const passkeySignInRequestSchema = z.object({ response: authenticationResponseSchema });

export const passkeySchema = z.object({ id: z.string(), name: z.string(), createdAt: z.string() });
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema) });
export const addedPasskeySchema = z.object({ passkey: passkeySchema });

/** The options JSON handed to the browser: checked only as an object, @simplewebauthn/browser reads it. */
export const passkeyOptionsSchema = z.object({ options: z.record(z.string(), z.unknown()) });

/** The browser made no passkey (cancelled, timed out, none for this site) or cannot: what the person is told. */
export class PasskeyNotUsed extends Error {
  constructor(readonly text: string) {
    super(text);
    this.name = 'PasskeyNotUsed';
  }
}
