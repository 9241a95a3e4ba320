import { sql, type Kysely } from 'kysely';
import { connectedTasteSchema, profileSchema, type ConnectedTaste, type Profile } from '../../src/domain/profile';
import type { Database } from '../db/schema';
import type { CandidateTaste, UserTaste } from '../ai/local/similarity';
import { INTEREST_CATEGORIES, type InterestCategory } from '../../src/domain/discoverRules';
import { interestRows } from './interests';

// What discovery reads about people: the viewer in full (their lists in their order), candidates only
// as far as scoring needs (their items from member_interests and their hobbies, never their picture).

export interface Viewer {
  id: string;
  username: string;
  profile: Profile;
  /** the viewer's item keys as interest rows hold them, so both sides of a pair are read alike */
  taste: MemberTaste;
  communities: string[];
  /** undefined while the member has no profile row */
  changedAt?: Date;
  /** the profile's changed_at to the microsecond as text ('' without a profile row): what names this version of it */
  version: string;
  /** the database's clock when the viewer was read: what a ranking built now is as new as */
  readAt: Date;
}

export async function loadViewer(db: Kysely<Database>, memberId: string): Promise<Viewer | undefined> {
  const row = await db
    .selectFrom('members as m')
    .leftJoin('profiles as p', 'p.member_id', 'm.id')
    .select(['m.id', 'm.username', 'p.data', 'p.communities', 'p.changed_at', sql<string | null>`p.changed_at::text`.as('version'), sql<Date>`now()`.as('read_at')])
    .where('m.id', '=', memberId)
    .executeTakeFirst();
  if (!row) return undefined;
  const fields = typeof row.data === 'string' ? (JSON.parse(row.data) as unknown) : (row.data ?? {});
  const profile = profileSchema.parse(fields);
  const items: MemberTaste['items'] = { music: [], games: [], shows: [] };
  for (const interest of interestRows(row.id, profile)) items[interest.category].push(interest.item_key);
  return {
    id: row.id,
    username: row.username,
    profile,
    taste: sortedTaste({
      id: row.id,
      username: row.username,
      hobbies: profile.hobbies,
      items,
      changedAt: row.changed_at ? new Date(row.changed_at) : new Date(0),
      ...(profile.connectedTaste ? { connectedTaste: profile.connectedTaste } : {}),
    }),
    communities: row.communities ?? [],
    changedAt: row.changed_at ?? undefined,
    version: row.version ?? '',
    readAt: new Date(row.read_at),
  };
}

export interface MemberTaste {
  id: string;
  username: string;
  hobbies: string;
  items: Record<InterestCategory, string[]>;
  changedAt: Date;
  /** what the member's connected accounts report: hours played and listening rank weigh items */
  connectedTaste?: ConnectedTaste;
}

function connectedTasteOf(value: unknown): ConnectedTaste | undefined {
  const parsed = connectedTasteSchema.safeParse(typeof value === 'string' ? (JSON.parse(value) as unknown) : value);
  return parsed.success && value !== null && value !== undefined ? parsed.data : undefined;
}

export async function loadTastes(db: Kysely<Database>, ids: readonly string[]): Promise<MemberTaste[]> {
  if (ids.length === 0) return [];
  // One round trip; the hobbies come out of the JSON in SQL, the item keys from the member_interests
  // primary key alone (an index-only read). Keys score exactly as the items: the engine ignores case.
  const result = await sql<{ id: string; username: string; changed_at: Date; hobbies: string | null; connected: unknown; items: string[] | null }>`
    select m.id, m.username, p.changed_at, (p.data::jsonb) ->> 'hobbies' as hobbies, (p.data::jsonb) -> 'connectedTaste' as connected,
      (select array_agg(i.category || ':' || i.item_key) from member_interests i where i.member_id = p.member_id) as items
    from profiles p join members m on m.id = p.member_id
    where p.member_id = any(${sql.val(ids)}::uuid[])`.execute(db);
  const byId = new Map<string, MemberTaste>();
  for (const row of result.rows) {
    const items: MemberTaste['items'] = { music: [], games: [], shows: [] };
    for (const tagged of row.items ?? []) {
      const colon = tagged.indexOf(':');
      const category = tagged.slice(0, colon) as InterestCategory;
      if (INTEREST_CATEGORIES.includes(category)) items[category].push(tagged.slice(colon + 1));
    }
    const connectedTaste = connectedTasteOf(row.connected);
    byId.set(row.id, sortedTaste({ id: row.id, username: row.username, hobbies: row.hobbies ?? '', items, changedAt: new Date(row.changed_at), ...(connectedTaste ? { connectedTaste } : {}) }));
  }
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Items in one order whichever way they were read (rows come back in no particular order). */
function sortedTaste(taste: MemberTaste): MemberTaste {
  const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return { ...taste, items: { music: [...taste.items.music].sort(byKey), games: [...taste.items.games].sort(byKey), shows: [...taste.items.shows].sort(byKey) } };
}

export function memberAsUser(taste: Pick<MemberTaste, 'hobbies' | 'items' | 'connectedTaste'>): UserTaste {
  const user: UserTaste = { hobbies: taste.hobbies, musicGenres: taste.items.music, favoriteGames: taste.items.games, favoriteShows: taste.items.shows };
  return taste.connectedTaste ? { ...user, connectedTaste: taste.connectedTaste } : user;
}

/** A member as the local engine's candidate, with what their connected accounts weigh. */
export function memberAsCandidate(key: string, taste: Pick<MemberTaste, 'hobbies' | 'items' | 'connectedTaste'>): CandidateTaste {
  const candidate = asCandidate(key, taste.hobbies, allItems(taste.items));
  return taste.connectedTaste ? { ...candidate, connectedTaste: taste.connectedTaste } : candidate;
}

/** Someone as the AI contract's candidate: their hobbies stand in for a sample person's personality. */
export function asCandidate(username: string, hobbies: string, items: readonly string[]): CandidateTaste & { interests: string[] } {
  return { username, personality: hobbies.slice(0, 1000), interests: items.slice(0, 30).map((item) => item.slice(0, 200)) };
}

export function allItems(items: Record<InterestCategory, readonly string[]>): string[] {
  return INTEREST_CATEGORIES.flatMap((category) => items[category]);
}
