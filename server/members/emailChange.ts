import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { CONFIRM_EMAIL_PATH, EMAIL_CHANGE_LIFETIME_HOURS, emailChangeTokenSchema } from '../../src/domain/emailChange';
import type { Database } from '../db/schema';
import { emailChangedMail, emailChangeMail } from '../mail/accountMail';
import { enqueueMail } from '../mail/queue';
import { normaliseEmail, uniqueViolation } from './accounts';

// A member's new email: asking stores a single-use link (its sha-256 only) for EMAIL_CHANGE_LIFETIME_HOURS
// and queues the mail to the new address, in one transaction; a newer ask replaces an older unused link.
// Opening the link sets the address (if no account took it meanwhile) and tells the old address.

type Db = Kysely<Database>;

const LIFETIME_MS = EMAIL_CHANGE_LIFETIME_HOURS * 60 * 60_000;

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export type EmailChangeAsked = { outcome: 'sent'; email: string } | { outcome: 'same' } | { outcome: 'taken' } | { outcome: 'gone' };

/** Stores the link for `memberId`'s new address and queues its mail. */
export async function requestEmailChange(db: Db, memberId: string, email: string, origin: string, now: number): Promise<EmailChangeAsked> {
  const newEmail = normaliseEmail(email);
  const token = randomBytes(32).toString('base64url');
  const link = `${origin}${CONFIRM_EMAIL_PATH}?token=${token}`;
  return db.transaction().execute(async (trx): Promise<EmailChangeAsked> => {
    const member = await trx.selectFrom('members').select(['id', 'username', 'email']).where('id', '=', memberId).executeTakeFirst();
    if (!member) return { outcome: 'gone' };
    if (member.email === newEmail) return { outcome: 'same' };
    const taken = await trx.selectFrom('members').select('id').where('email', '=', newEmail).executeTakeFirst();
    if (taken) return { outcome: 'taken' };
    await trx.deleteFrom('email_changes').where('member_id', '=', memberId).where('used_at', 'is', null).execute();
    await trx
      .insertInto('email_changes')
      .values({ token_hash: tokenHash(token), member_id: memberId, new_email: newEmail, expires_at: new Date(now + LIFETIME_MS), created_at: new Date(now) })
      .execute();
    await enqueueMail(trx, emailChangeMail(newEmail, member.username, origin, link), now);
    return { outcome: 'sent', email: newEmail };
  });
}

export type EmailChangeConfirmed = { outcome: 'changed'; email: string; memberId: string } | { outcome: 'invalid' } | { outcome: 'taken' };

/**
 * Sets the new address through a working link: the link is spent, every other unused link of the member goes,
 * and the old address is told, in one transaction under the link's row lock (of two uses at once, one finds it
 * spent). An address another account took since the ask is refused, and the link stays unused.
 */
export async function confirmEmailChange(db: Db, token: string, origin: string, now: number): Promise<EmailChangeConfirmed> {
  if (!emailChangeTokenSchema.safeParse(token).success) return { outcome: 'invalid' };
  // Two accounts confirming one address at once: the unique index decides, the loser hears it is taken.
  return spend(db, token, origin, now).catch((error: unknown) => {
    if (uniqueViolation(error) === undefined) throw error;
    return { outcome: 'taken' } as const;
  });
}

function spend(db: Db, token: string, origin: string, now: number): Promise<EmailChangeConfirmed> {
  return db.transaction().execute(async (trx): Promise<EmailChangeConfirmed> => {
    const row = await trx
      .selectFrom('email_changes')
      .select(['member_id', 'new_email', 'expires_at', 'used_at'])
      .where('token_hash', '=', tokenHash(token))
      .forUpdate()
      .executeTakeFirst();
    if (!row || row.used_at !== null || new Date(row.expires_at).getTime() <= now) return { outcome: 'invalid' };
    const taken = await trx.selectFrom('members').select('id').where('email', '=', row.new_email).where('id', '<>', row.member_id).executeTakeFirst();
    if (taken) return { outcome: 'taken' };
    const member = await trx.selectFrom('members').select(['username', 'email']).where('id', '=', row.member_id).forUpdate().executeTakeFirstOrThrow();
    await trx.updateTable('email_changes').set({ used_at: new Date(now) }).where('token_hash', '=', tokenHash(token)).execute();
    await trx.deleteFrom('email_changes').where('member_id', '=', row.member_id).where('used_at', 'is', null).execute();
    await trx.updateTable('members').set({ email: row.new_email }).where('id', '=', row.member_id).execute();
    if (member.email !== row.new_email) await enqueueMail(trx, emailChangedMail(member.email, member.username, origin, row.new_email), now);
    return { outcome: 'changed', email: row.new_email, memberId: row.member_id };
  });
}
