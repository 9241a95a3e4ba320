import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { withMemberApp } from '../members/support/memberApp';
import { DATABASE_KINDS } from '../members/support/testDatabase';
import { addMember, putSettings, saveTaste, type TestMember } from '../social/support/members';

// When GET /api/discover serves the stored ranking and when it builds a new one (rankingCache.ts): a
// stored ranking lives an hour and only while nothing it was built from changed. To see which one a page
// came from, a test marks the stored ranking (another score for a card): a page showing the mark was
// served from the store. Then what a page shows of a ranking: the 10% floor, cards of people who are
// gone, and the cursor.

interface Card {
  id: string;
  username: string;
  similarityScore: number;
  kind: string;
  breakdown?: unknown;
}

describe.each(DATABASE_KINDS)('discover ranking cache on %s', (kind) => {
  const setup = withMemberApp(kind, { env: () => ({ SAMPLE_PEOPLE: 'off' }) });

  async function page(member: TestMember, query = ''): Promise<{ cards: Card[]; nextCursor: string | null }> {
    const response = await member.browser.request('GET', `/api/discover${query}`);
    expect(response.status).toBe(200);
    return (await response.json()) as { cards: Card[]; nextCursor: string | null };
  }
  const scores = async (member: TestMember, query = '') => Object.fromEntries((await page(member, query)).cards.map((c) => [c.username, c.similarityScore]));

  // A stored ranking is rewritten only after a change that ends the pages servers keep (it moves
  // discover_generation); a test that rewrites one moves that number too, so the next page is cut from the store.
  const endKeptPages = () => sql`update discover_generation set n = n + 1`.execute(setup.database.db);

  /** Rewrites the viewer's stored ranking of the scope: every entry (or only those of `only`) with `score`; `open` as given. */
  async function markStored(viewer: TestMember, score: number, options: { open?: boolean; scope?: string; only?: TestMember[] } = {}) {
    const row = await setup.database.db
      .selectFrom('discover_rankings')
      .select(['entries', 'open'])
      .where('member_id', '=', viewer.id)
      .where('scope', '=', options.scope ?? '')
      .executeTakeFirstOrThrow();
    const kept = options.only?.map((m) => m.id);
    const entries = (JSON.parse(row.entries) as { id: string; kind: string; score: number }[]).filter((e) => !kept || kept.includes(e.id)).map((e) => ({ ...e, score }));
    await setup.database.db
      .updateTable('discover_rankings')
      .set({ entries: JSON.stringify(entries), open: options.open ?? row.open })
      .where('member_id', '=', viewer.id)
      .where('scope', '=', options.scope ?? '')
      .execute();
    await endKeptPages();
  }

  /** Writes the viewer's stored ranking as given and ends the kept pages, so the next page is cut from it. */
  async function rewriteStored(viewer: TestMember, entries: { id: string; kind: string; score: number }[]) {
    await setup.database.db.updateTable('discover_rankings').set({ entries: JSON.stringify(entries) }).where('member_id', '=', viewer.id).execute();
    await endKeptPages();
  }

  /** Moves every profile change and friendship two hours back, and the stored rankings `minutes` back. */
  async function age(minutes: number) {
    await sql`update profiles set changed_at = now() - interval '2 hours'`.execute(setup.database.db);
    await sql`update friendships set created_at = now() - interval '2 hours'`.execute(setup.database.db);
    await sql`update discover_rankings set computed_at = now() - make_interval(mins => ${minutes})`.execute(setup.database.db);
  }

  /** Alice and Bob, who both list Jazz: each scores 100 for the other. */
  async function twoJazzFans() {
    const alice = await addMember(setup.database, setup.app, 'Alice', { musicGenres: ['Jazz'] });
    const bob = await addMember(setup.database, setup.app, 'Bob', { musicGenres: ['Jazz'] });
    return { alice, bob };
  }

  it('serves the stored ranking for up to an hour, then builds a new one', async () => {
    const { alice } = await twoJazzFans();
    expect(await scores(alice)).toEqual({ Bob: 100 });
    await markStored(alice, 77);
    expect(await scores(alice)).toEqual({ Bob: 77 });
    await age(59);
    expect(await scores(alice)).toEqual({ Bob: 77 });
    await age(61);
    expect(await scores(alice)).toEqual({ Bob: 100 });
  });

  it('shows the stored ranking as it is now when it is rewritten at the same moment (as another server may)', async () => {
    const { alice } = await twoJazzFans();
    expect(await scores(alice)).toEqual({ Bob: 100 });
    await markStored(alice, 77);
    expect(await scores(alice)).toEqual({ Bob: 77 });
    await markStored(alice, 76);
    expect(await scores(alice)).toEqual({ Bob: 76 });
  });

  it("builds a new one once the viewer's own profile changed", async () => {
    const { alice } = await twoJazzFans();
    await scores(alice);
    await markStored(alice, 77);
    await putSettings(alice, { communities: ['UW'] });
    expect(await scores(alice)).toEqual({ Bob: 100 });
  });

  it('an open ranking is renewed by any profile change; a closed one only by a ranked member or one sharing an item', async () => {
    const { alice, bob } = await twoJazzFans();
    const stranger = await addMember(setup.database, setup.app, 'Stranger', { musicGenres: ['Polka'] });
    await scores(alice);

    // Open (fewer than a page shared anything): a stranger's change renews it.
    await markStored(alice, 77, { open: true });
    await saveTaste(stranger, { musicGenres: ['Polka', 'Opera'] });
    expect(await scores(alice)).toEqual({ Bob: 100 });

    // Closed, ranking Bob alone: the stranger's change does not renew it; a ranked member's does.
    await markStored(alice, 77, { open: false, only: [bob] });
    await saveTaste(stranger, { musicGenres: ['Polka'] });
    expect(await scores(alice)).toEqual({ Bob: 77 });
    await saveTaste(bob, { musicGenres: ['Jazz'], favoriteGames: ['Hades'] });
    expect(await scores(alice)).toEqual({ Bob: 68 });

    // Closed: someone not ranked who now shares an item with the viewer renews it too.
    await markStored(alice, 77, { open: false, only: [bob] });
    await saveTaste(stranger, { musicGenres: ['jazz'] });
    expect(await scores(alice)).toEqual({ Bob: 68, Stranger: 100 });
  });

  it("is renewed by the viewer's new friendship, not by an old one or other people's", async () => {
    const { alice, bob } = await twoJazzFans();
    const carol = await addMember(setup.database, setup.app, 'Carol', { musicGenres: ['Polka'] });
    const dave = await addMember(setup.database, setup.app, 'Dave', { musicGenres: ['Polka'] });
    const befriend = async (a: TestMember, b: TestMember) => {
      const [low, high] = a.id < b.id ? [a.id, b.id] : [b.id, a.id];
      await setup.database.db.insertInto('friendships').values({ member_a: low, member_b: high }).execute();
    };
    await befriend(alice, carol);
    await scores(alice);
    await age(10);
    await markStored(alice, 77, { open: false, only: [bob] });
    await befriend(carol, dave);
    expect(await scores(alice)).toEqual({ Bob: 77 });
    await befriend(bob, alice);
    expect(await scores(alice)).toEqual({ Bob: 100 });
  });

  it('keeps one ranking per view, and drops the viewer’s other views once they are past the hour', async () => {
    const { alice } = await twoJazzFans();
    await scores(alice, '?q=bo');
    await scores(alice, '?community=UW');
    await scores(alice);
    const scopesOf = async () =>
      (await setup.database.db.selectFrom('discover_rankings').select('scope').where('member_id', '=', alice.id).orderBy('scope').execute()).map((r) => r.scope);
    expect(await scopesOf()).toEqual(['', 'UW|', '|bo']);
    await markStored(alice, 77, { scope: '|bo' });
    expect(await scores(alice, '?q=%20BO%20')).toEqual({ Bob: 77 });

    await age(61);
    await sql`update discover_rankings set computed_at = now() - interval '30 minutes' where scope = 'UW|'`.execute(setup.database.db);
    await scores(alice);
    expect(await scopesOf()).toEqual(['', 'UW|']);
  });

  it('shows no one under the 10% floor without a search, and everyone a search finds', async () => {
    const { alice } = await twoJazzFans();
    await scores(alice);
    await markStored(alice, 10);
    expect(await scores(alice)).toEqual({ Bob: 10 });
    await markStored(alice, 9);
    expect(await scores(alice)).toEqual({});
    await scores(alice, '?q=bob');
    await markStored(alice, 0, { scope: '|bob' });
    expect(await scores(alice, '?q=bob')).toEqual({ Bob: 0 });
  });

  it('leaves out ranked people who are gone: a deleted account, an unknown sample person', async () => {
    const { alice, bob } = await twoJazzFans();
    await scores(alice);
    const entries = [
      { id: randomUUID(), kind: 'member', score: 90 },
      { id: 'user-999', kind: 'sample', score: 80 },
      { id: bob.id, kind: 'member', score: 70 },
    ];
    await rewriteStored(alice, entries);
    expect(await scores(alice)).toEqual({ Bob: 70 });
  });

  it('pages with an opaque cursor: the second page starts after the first, a bad cursor is refused', async () => {
    const { alice } = await twoJazzFans();
    await scores(alice);
    const ids = Array.from({ length: 51 }, () => ({ id: randomUUID(), kind: 'member', score: 50 }));
    const bob = (await page(alice)).cards[0] as Card;
    await rewriteStored(alice, [...ids.slice(0, 50), { id: bob.id, kind: 'member', score: 50 }]);
    // 51 entries: 50 on the first page (all gone, so no cards), Bob on the second.
    const first = await page(alice);
    expect(first).toEqual({ cards: [], nextCursor: Buffer.from('o50').toString('base64url') });
    expect((await page(alice, `?cursor=${first.nextCursor}`)).cards.map((c) => c.username)).toEqual(['Bob']);
    expect((await page(alice, `?cursor=${first.nextCursor}`)).nextCursor).toBeNull();
    expect((await page(alice, '?cursor=')).nextCursor).toBe(first.nextCursor);
    for (const bad of [Buffer.from('o1234567').toString('base64url'), Buffer.from('x5').toString('base64url'), Buffer.from('o5x').toString('base64url')]) {
      expect((await alice.browser.request('GET', `/api/discover?cursor=${bad}`)).status).toBe(400);
    }
    expect((await alice.browser.request('GET', `/api/discover?cursor=${Buffer.from('o999999').toString('base64url')}`)).status).toBe(200);
    // Exactly one page: no next cursor.
    await rewriteStored(alice, ids.slice(0, 50));
    expect(await page(alice)).toEqual({ cards: [], nextCursor: null });
  });
});
