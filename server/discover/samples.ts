import { sql, type Kysely } from 'kysely';
import type { Community } from '../../src/domain/community';
import { interestsLine } from '../../src/domain/discover';
import { matchesSearch } from '../../src/domain/discoverRules';
import { SAMPLE_USERS, type SampleUser } from '../../src/domain/sampleUsers';
import { SAMPLE_PEOPLE_MEMBER_THRESHOLD } from '../../src/domain/socialContract';
import type { Database } from '../db/schema';
import type { Viewer } from './tastes';

// Sample people in a member's discover (SAMPLE_PEOPLE): 'on' always, 'off' never, 'auto' only while
// the member's community (the communities they chose; none chosen: every member) has fewer than 10
// members, so a new community is not empty and a grown one shows only real people.

export type SamplePeopleMode = 'auto' | 'on' | 'off';

/** The sample people a view could show (the community filter and the search apply to them too). */
export function samplesFor(mode: SamplePeopleMode, filter: { community?: Community; search: string }): SampleUser[] {
  if (mode === 'off') return [];
  return SAMPLE_USERS.filter(
    (s) =>
      (filter.community === undefined || s.communities.includes(filter.community)) &&
      matchesSearch({ username: s.username, bio: interestsLine(s.interests) }, filter.search),
  );
}

/** Whether this member sees sample people now (checked at every read: members join without touching rankings). */
export async function showsSamples(db: Kysely<Database>, mode: SamplePeopleMode, viewer: Viewer): Promise<boolean> {
  if (mode !== 'auto') return mode === 'on';
  const limit = SAMPLE_PEOPLE_MEMBER_THRESHOLD;
  const counted =
    viewer.communities.length === 0
      ? await sql<{ n: string | number }>`select count(*) as n from (select 1 from members limit ${limit}) m`.execute(db)
      : await sql<{ n: string | number }>`select count(*) as n from (
          select 1 from profiles where communities && ${sql.val(viewer.communities)}::text[] limit ${limit}) m`.execute(db);
  return Number(counted.rows[0]?.n ?? 0) < limit;
}
