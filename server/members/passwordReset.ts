import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { PASSWORD_RESET_LIFETIME_MINUTES, RESET_PASSWORD_PATH, resetTokenSchema } from '../../src/domain/accountRecovery';
import type { Member } from '../../src/domain/memberContract';
import type { Database } from '../db/schema';
import { passwordChangedMail, passwordResetMail } from '../mail/accountMail';
import { enqueueMail } from '../mail/queue';
import { normaliseEmail, toMember } from './accounts';
import { hashPassword } from './passwords';

// Password reset by email. A request for an address with an account stores a single-use token (its
// sha-256 only) valid for PASSWORD_RESET_LIFETIME_MINUTES and queues the mail with the link, in one
// transaction; a newer request replaces an older unused link. Using the link sets the password, ends
// every session of the member and queues a mail saying so.

type Db = Kysely<Database>;

const LIFETIME_MS = PASSWORD_RESET_LIFETIME_MINUTES * 60_000;

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Stores a reset link for the account using `email` and queues its mail; true when there was one. */
export async function requestPasswordReset(db: Db, email: string, origin: string, now: number): Promise<boolean> {
  const member = await db.selectFrom('members').select(['id', 'username', 'email']).where('email', '=', normaliseEmail(email)).executeTakeFirst();
  if (!member) return false;
  const token = randomBytes(32).toString('base64url');
  const link = `${origin}${RESET_PASSWORD_PATH}?token=${token}`;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('password_resets').where('member_id', '=', member.id).where('used_at', 'is', null).execute();
    await trx
      .insertInto('password_resets')
      .values({ token_hash: tokenHash(token), member_id: member.id, expires_at: new Date(now + LIFETIME_MS), created_at: new Date(now) })
      .execute();
    await enqueueMail(trx, passwordResetMail(member.email, member.username, origin, link), now);
  });
  return true;
}

async function liveReset(db: Db, token: string, now: number) {
  const row = await db.selectFrom('password_resets').select(['member_id', 'expires_at', 'used_at']).where('token_hash', '=', tokenHash(token)).executeTakeFirst();
  return row && row.used_at === null && new Date(row.expires_at).getTime() > now ? row : undefined;
}

/**
 * Sets the new password through a working link: the link is spent, every other unused link of the member
 * goes, every session ends, and the 'password changed' mail is queued, all in one transaction. Undefined when
 * the link does not work (unknown, used, expired), with nothing changed. The password is hashed only once the
 * link is known to work, so made-up tokens cost no argon2 work.
 */
export async function resetPassword(db: Db, token: string, password: string, origin: string, now: () => number): Promise<Member | undefined> {
  if (!resetTokenSchema.safeParse(token).success) return undefined;
  if (!(await liveReset(db, token, now()))) return undefined;
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (trx) => {
    const at = now();
    const row = await trx
      .selectFrom('password_resets')
      .select(['member_id', 'expires_at', 'used_at'])
      .where('token_hash', '=', tokenHash(token))
      .forUpdate()
      .executeTakeFirst();
    // Checked again under the row lock: of two uses at once, one finds it spent.
    if (!row || row.used_at !== null || new Date(row.expires_at).getTime() <= at) return undefined;
    await trx.updateTable('password_resets').set({ used_at: new Date(at) }).where('token_hash', '=', tokenHash(token)).execute();
    await trx.deleteFrom('password_resets').where('member_id', '=', row.member_id).where('used_at', 'is', null).execute();
    await trx.updateTable('members').set({ password_hash: passwordHash }).where('id', '=', row.member_id).execute();
    await trx.deleteFrom('sessions').where('member_id', '=', row.member_id).execute();
    const member = await trx.selectFrom('members').select(['id', 'username', 'email', 'created_at']).where('id', '=', row.member_id).executeTakeFirstOrThrow();
    await enqueueMail(trx, passwordChangedMail(member.email, member.username, origin), at);
    return toMember(member);
  });
}
