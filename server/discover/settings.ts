import { sql, type Kysely } from 'kysely';
import { memberSettingsSchema, type MemberSettings } from '../../src/domain/socialContract';
import type { Database } from '../db/schema';

// GET and PUT /api/me/settings: the privacy switches and chosen communities live beside the profile
// (profiles.visibility, show_online, communities). A member who has not saved a profile yet reads the
// defaults; saving settings first creates an empty profile row with updatedAt 0, so the first real
// profile write from any device still wins.

const DEFAULTS: MemberSettings = { profileVisibility: 'public', showOnlineStatus: true, communities: [] };

export async function readSettings(db: Kysely<Database>, memberId: string): Promise<MemberSettings> {
  const row = await db
    .selectFrom('profiles')
    .select(['visibility', 'show_online', 'communities'])
    .where('member_id', '=', memberId)
    .executeTakeFirst();
  if (!row) return DEFAULTS;
  return memberSettingsSchema.parse({ profileVisibility: row.visibility, showOnlineStatus: row.show_online, communities: row.communities });
}

/** Applies the given settings (any subset) and marks the profile changed for discovery. */
export async function writeSettings(db: Kysely<Database>, memberId: string, update: Partial<MemberSettings>): Promise<MemberSettings> {
  const next = { ...(await readSettings(db, memberId)), ...update };
  const communities = [...new Set(next.communities)];
  await db
    .insertInto('profiles')
    .values({
      member_id: memberId,
      data: '{}',
      updated_at: 0,
      visibility: next.profileVisibility,
      show_online: next.showOnlineStatus,
      communities,
    })
    .onConflict((oc) =>
      oc.column('member_id').doUpdateSet({
        visibility: next.profileVisibility,
        show_online: next.showOnlineStatus,
        communities,
        changed_at: sql<Date>`now()`,
      }),
    )
    .execute();
  return { ...next, communities };
}
