import type { Kysely } from 'kysely';
import { PASSKEY_CHALLENGE_LIFETIME_MINUTES, PASSKEY_CHALLENGES_PER_CLIENT } from '../../src/domain/passkeys';
import { holdTransactionLock } from '../db/advisoryLock';
import type { Database } from '../db/schema';

// WebAuthn challenges live in the database (passkey_challenges), so every app server accepts an answer
// to options another handed out, and a restart forgets none. A challenge is single-use: taking it is one
// DELETE ... RETURNING, so of two answers sent at once only one finds it. Handing one out prunes every
// expired row and keeps only the holder's newest few, so any number of option requests leaves at most
// PASSKEY_CHALLENGES_PER_CLIENT rows per holder. The holder's lock makes insert-then-trim one step: under
// Postgres' read committed, two trims running at once each miss the other's new row and both keep theirs.

type Db = Kysely<Database>;
export type ChallengePurpose = 'register' | 'signIn';

export const CHALLENGE_LIFETIME_MS = PASSKEY_CHALLENGE_LIFETIME_MINUTES * 60_000;

/** Stores `challenge` (the options' own, base64url) for `holder`: a member id when adding, a client key when signing in. */
export async function keepChallenge(db: Db, purpose: ChallengePurpose, holder: string, challenge: string, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await holdTransactionLock(trx, `passkey-challenges:${purpose}:${holder}`);
    await trx.deleteFrom('passkey_challenges').where('expires_at', '<=', new Date(now)).execute();
    await trx
      .insertInto('passkey_challenges')
      .values({ challenge, purpose, holder, expires_at: new Date(now + CHALLENGE_LIFETIME_MS), created_at: new Date(now) })
      .execute();
    const keep = trx
      .selectFrom('passkey_challenges')
      .select('challenge')
      .where('purpose', '=', purpose)
      .where('holder', '=', holder)
      .orderBy('created_at', 'desc')
      .orderBy('challenge', 'desc')
      .limit(PASSKEY_CHALLENGES_PER_CLIENT);
    await trx.deleteFrom('passkey_challenges').where('purpose', '=', purpose).where('holder', '=', holder).where('challenge', 'not in', keep).execute();
  });
}

/**
 * Takes the challenge for good and tells whether it was live: handed out for this purpose (and to this
 * holder, when given) and not expired. An unknown, used or expired challenge is false.
 */
export async function takeChallenge(db: Db, purpose: ChallengePurpose, challenge: string, now: number, holder?: string): Promise<boolean> {
  let query = db.deleteFrom('passkey_challenges').where('challenge', '=', challenge).where('purpose', '=', purpose);
  if (holder !== undefined) query = query.where('holder', '=', holder);
  const row = await query.returning('expires_at').executeTakeFirst();
  return row !== undefined && new Date(row.expires_at).getTime() > now;
}

/** The challenge the browser signed, read from the response's clientDataJSON (undefined when unreadable). */
export function signedChallenge(clientDataJSON: string): string | undefined {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    if (typeof data !== 'object' || data === null || !('challenge' in data)) return undefined;
    const { challenge } = data;
    return typeof challenge === 'string' && /^[A-Za-z0-9_-]{1,200}$/.test(challenge) ? challenge : undefined;
  } catch {
    return undefined;
  }
}
