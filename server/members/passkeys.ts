import { randomUUID } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Kysely } from 'kysely';
import { PASSKEYS_PER_MEMBER, passkeyTexts, type Passkey } from '../../src/domain/passkeys';
import type { Database } from '../db/schema';
import { CHALLENGE_LIFETIME_MS, keepChallenge, signedChallenge, takeChallenge } from './passkeyChallenges';

// A member's passkeys: WebAuthn registration and authentication through @simplewebauthn/server, with
// the credentials and challenges in the database. The relying party is this server's public origin:
// its hostname is the RP id and the origin itself is the only origin an answer may come from.
// The library is loaded on the first passkey request, so a server where nobody uses one never holds it.

const webauthn = () => import('@simplewebauthn/server');

type Db = Kysely<Database>;

export interface RelyingParty {
  id: string;
  origin: string;
}

export function relyingParty(origin: string): RelyingParty {
  return { id: new URL(origin).hostname, origin };
}

function toPasskey(row: { id: string; name: string; created_at: Date | string }): Passkey {
  return { id: row.id, name: row.name, createdAt: new Date(row.created_at).toISOString() };
}

export async function listPasskeys(db: Db, memberId: string): Promise<Passkey[]> {
  const rows = await db.selectFrom('passkeys').select(['id', 'name', 'created_at']).where('member_id', '=', memberId).orderBy('created_at').orderBy('id').execute();
  return rows.map(toPasskey);
}

/** Options for adding a passkey: a discoverable credential, user verification preferred, none of the member's own again. */
export async function registrationOptions(
  db: Db,
  rp: RelyingParty,
  member: { id: string; username: string },
  now: number,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { generateRegistrationOptions } = await webauthn();
  const existing = await db.selectFrom('passkeys').select(['credential_id', 'transports']).where('member_id', '=', member.id).execute();
  const options = await generateRegistrationOptions({
    rpName: 'Mycelius',
    rpID: rp.id,
    userName: member.username,
    userID: new TextEncoder().encode(member.id),
    timeout: CHALLENGE_LIFETIME_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row.transports) })),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' },
  });
  await keepChallenge(db, 'register', member.id, options.challenge, now);
  return options;
}

function transportsOf(json: string): AuthenticatorTransport[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((t): t is AuthenticatorTransport => typeof t === 'string') : [];
  } catch {
    return [];
  }
}

/** A name from the browser that added it ('Chrome on Android'), else 'Passkey' and the day. */
export function passkeyNameFor(userAgent: string | undefined, now: number): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua) ? 'Edge' : /Firefox\//.test(ua) ? 'Firefox' : /Chrome\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : undefined;
  const system = /Android/.test(ua) ? 'Android' : /iPhone|iPad/.test(ua) ? 'iOS' : /Mac OS X/.test(ua) ? 'macOS' : /Windows/.test(ua) ? 'Windows' : /Linux/.test(ua) ? 'Linux' : undefined;
  if (browser && system) return `${browser} on ${system}`;
  return passkeyTexts.defaultName(new Date(now).toISOString().slice(0, 10));
}

export type AddResult = { ok: true; passkey: Passkey } | { ok: false; reason: 'challenge' | 'invalid' | 'limit' };

/** Checks the authenticator's answer to the member's registration options and keeps the passkey. */
export async function addPasskey(db: Db, rp: RelyingParty, memberId: string, response: RegistrationResponseJSON, name: string, now: () => number): Promise<AddResult> {
  const challenge = signedChallenge(response.response.clientDataJSON);
  if (!challenge || !(await takeChallenge(db, 'register', challenge, now(), memberId))) return { ok: false, reason: 'challenge' };
  const { verifyRegistrationResponse } = await webauthn();
  let info;
  try {
    const verified = await verifyRegistrationResponse({ response, expectedChallenge: challenge, expectedOrigin: rp.origin, expectedRPID: rp.id, requireUserVerification: false });
    if (!verified.verified) return { ok: false, reason: 'invalid' };
    info = verified.registrationInfo;
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const { credential } = info;
  return db.transaction().execute(async (trx): Promise<AddResult> => {
    // The member's row locked: two additions at once count one after the other.
    await trx.selectFrom('members').select('id').where('id', '=', memberId).forUpdate().executeTakeFirst();
    const count = await trx.selectFrom('passkeys').select((eb) => eb.fn.countAll<string>().as('n')).where('member_id', '=', memberId).executeTakeFirstOrThrow();
    if (Number(count.n) >= PASSKEYS_PER_MEMBER) return { ok: false, reason: 'limit' };
    const row = await trx
      .insertInto('passkeys')
      .values({
        id: randomUUID(),
        member_id: memberId,
        credential_id: credential.id,
        public_key: Buffer.from(credential.publicKey).toString('base64url'),
        sign_count: credential.counter,
        transports: JSON.stringify(credential.transports ?? response.response.transports ?? []),
        name,
        created_at: new Date(now()),
      })
      .onConflict((oc) => oc.column('credential_id').doNothing())
      .returning(['id', 'name', 'created_at'])
      .executeTakeFirst();
    return row ? { ok: true, passkey: toPasskey(row) } : { ok: false, reason: 'invalid' };
  });
}

/** Removes one of the member's passkeys; false when the member has none by that id. */
export async function removePasskey(db: Db, memberId: string, passkeyId: string): Promise<boolean> {
  const row = await db.deleteFrom('passkeys').where('id', '=', passkeyId).where('member_id', '=', memberId).returning('id').executeTakeFirst();
  return row !== undefined;
}

/** Options for 'Sign in with a passkey': no credentials listed, so the authenticator offers its discoverable ones. */
export async function signInOptions(db: Db, rp: RelyingParty, client: string, now: number): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({ rpID: rp.id, timeout: CHALLENGE_LIFETIME_MS, userVerification: 'preferred' });
  await keepChallenge(db, 'signIn', client, options.challenge, now);
  return options;
}

export type SignInResult = { ok: true; memberId: string } | { ok: false; reason: 'challenge' | 'unknown' };

/**
 * Checks a sign-in answer: the challenge is taken first (a replay finds it gone), then the credential
 * must be a kept passkey whose signature checks out and whose counter moved on (a cloned authenticator's
 * does not); the new counter is stored only if no other sign-in stored one in between.
 */
export async function signInWithPasskey(db: Db, rp: RelyingParty, response: AuthenticationResponseJSON, now: () => number): Promise<SignInResult> {
  const challenge = signedChallenge(response.response.clientDataJSON);
  if (!challenge || !(await takeChallenge(db, 'signIn', challenge, now()))) return { ok: false, reason: 'challenge' };
  const row = await db
    .selectFrom('passkeys')
    .select(['id', 'member_id', 'credential_id', 'public_key', 'sign_count', 'transports'])
    .where('credential_id', '=', response.id)
    .executeTakeFirst();
  if (!row) return { ok: false, reason: 'unknown' };
  // The account the authenticator names must be the one the passkey belongs to.
  const userHandle = response.response.userHandle;
  if (userHandle !== undefined && Buffer.from(userHandle, 'base64url').toString('utf8') !== row.member_id) return { ok: false, reason: 'unknown' };
  const storedCount = Number(row.sign_count);
  const { verifyAuthenticationResponse } = await webauthn();
  let newCounter: number;
  try {
    const verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: false,
      credential: { id: row.credential_id, publicKey: new Uint8Array(Buffer.from(row.public_key, 'base64url')), counter: storedCount, transports: transportsOf(row.transports) },
    });
    if (!verified.verified) return { ok: false, reason: 'unknown' };
    newCounter = verified.authenticationInfo.newCounter;
  } catch {
    return { ok: false, reason: 'unknown' };
  }
  const updated = await db
    .updateTable('passkeys')
    .set({ sign_count: newCounter, last_used_at: new Date(now()) })
    .where('id', '=', row.id)
    .where((eb) => (newCounter === 0 ? eb('sign_count', '=', 0) : eb('sign_count', '<', newCounter)))
    .returning('member_id')
    .executeTakeFirst();
  return updated ? { ok: true, memberId: updated.member_id } : { ok: false, reason: 'unknown' };
}
