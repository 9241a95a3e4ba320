import { sql, type Kysely } from 'kysely';
import { PICTURE_MAX_BYTES, memberProfileSchema, type MemberProfile } from '../../src/domain/memberContract';
import { profileSchema } from '../../src/domain/profile';
import type { Database } from '../db/schema';
import { replaceInterests } from '../discover/interests';

// The member's profile: the contract's profile fields as JSON plus the client's updatedAt. Writes are
// last-write-wins: an older write leaves the stored newer profile in place and gets it back.

const PICTURE_DATA_URL = /^data:image\/(png|jpeg|webp|gif);base64,([A-Za-z0-9+/]*={0,2})$/;

export type PictureProblem = 'tooLarge' | 'notAnImage';

type PictureType = 'png' | 'jpeg' | 'webp' | 'gif';

/** Whether the first bytes of a file are the signature of `type` (what every decoder checks first). */
function startsAs(type: PictureType, head: Buffer): boolean {
  const ascii = (from: number, to: number) => head.subarray(from, to).toString('latin1');
  switch (type) {
    case 'png':
      return head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    case 'jpeg':
      return head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff;
    case 'gif':
      return ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a';
    case 'webp':
      return ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP';
  }
}

/**
 * An empty picture (none chosen) is fine; otherwise a base64 PNG, JPEG, WebP or GIF of at most 200 KB
 * whose bytes begin as its declared type does, so other people's browsers are never handed something
 * else under an image's name.
 */
export function pictureProblem(picture: string): PictureProblem | undefined {
  if (picture === '') return undefined;
  const match = PICTURE_DATA_URL.exec(picture);
  if (!match) return 'notAnImage';
  const base64 = match[2] ?? '';
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  const bytes = (base64.length / 4) * 3 - padding;
  if (base64.length % 4 !== 0) return 'notAnImage';
  if (bytes > PICTURE_MAX_BYTES) return 'tooLarge';
  // 16 base64 characters are the first 12 bytes: enough for every signature above.
  const head = Buffer.from(base64.slice(0, 16), 'base64');
  return startsAs(match[1] as PictureType, head) ? undefined : 'notAnImage';
}

function toProfile(row: { data: unknown; updated_at: string | number | bigint }): MemberProfile {
  const fields = typeof row.data === 'string' ? (JSON.parse(row.data) as unknown) : row.data;
  return memberProfileSchema.parse({ ...profileSchema.parse(fields), updatedAt: Number(row.updated_at) });
}

export async function readProfile(db: Kysely<Database>, memberId: string): Promise<MemberProfile | null> {
  // A row with updatedAt 0 holds only settings saved before any profile (server/discover/settings.ts):
  // the member has no profile yet, and the device's must not be replaced by an empty one.
  const row = await db
    .selectFrom('profiles')
    .select(['data', 'updated_at'])
    .where('member_id', '=', memberId)
    .where('updated_at', '>', 0)
    .executeTakeFirst();
  return row ? toProfile(row) : null;
}

/**
 * Stores `profile` unless a newer one is stored; either way returns what is stored afterwards. A write
 * that wins also rewrites the member's interest rows and marks the profile changed for discovery, in
 * the same transaction, so discovery never prunes by lists the profile no longer has.
 */
export async function writeProfile(db: Kysely<Database>, memberId: string, profile: MemberProfile): Promise<MemberProfile> {
  const { updatedAt, ...fields } = profile;
  const written = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('profiles')
      .values({ member_id: memberId, data: JSON.stringify(fields), updated_at: updatedAt })
      .onConflict((oc) =>
        oc
          .column('member_id')
          .doUpdateSet((eb) => ({ data: eb.ref('excluded.data'), updated_at: eb.ref('excluded.updated_at'), changed_at: sql<Date>`now()` }))
          .where('profiles.updated_at', '<=', updatedAt),
      )
      .returning(['data', 'updated_at'])
      .executeTakeFirst();
    if (row) await replaceInterests(trx, memberId, fields);
    return row;
  });
  if (written) return toProfile(written);
  const stored = await readProfile(db, memberId);
  if (!stored) throw new Error('A profile write lost to a newer profile that is not there.');
  return stored;
}
