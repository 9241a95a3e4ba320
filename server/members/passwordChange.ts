import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { passwordChangedMail } from '../mail/accountMail';
import { enqueueMail } from '../mail/queue';
import { endOtherDevices } from './devices';
import { hashPassword } from './passwords';

// Changing the password while signed in (the current one already checked by the route, under the log-in
// throttle). In one transaction: the new hash is stored, every other session of the member ends (this
// one stays), unused reset links go (they were asked for under the old password), and the mail saying
// so is queued.

export async function changePassword(db: Kysely<Database>, memberId: string, keepSessionHash: string, newPassword: string, origin: string, now: () => number): Promise<number> {
  const passwordHash = await hashPassword(newPassword);
  return db.transaction().execute(async (trx) => {
    const member = await trx.selectFrom('members').select(['email', 'username']).where('id', '=', memberId).forUpdate().executeTakeFirstOrThrow();
    await trx.updateTable('members').set({ password_hash: passwordHash }).where('id', '=', memberId).execute();
    const ended = await endOtherDevices(trx, memberId, keepSessionHash);
    await trx.deleteFrom('password_resets').where('member_id', '=', memberId).where('used_at', 'is', null).execute();
    await enqueueMail(trx, passwordChangedMail(member.email, member.username, origin, 'otherDevices'), now());
    return ended;
  });
}
