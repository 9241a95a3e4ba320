import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/schema';
import { pageCache } from '../../../server/discover/pageCache';
import { withMemberApp } from '../members/support/memberApp';
import { DATABASE_KINDS, openTestDatabaseAroundTests } from '../members/support/testDatabase';
import { addMember, saveTaste, type TestMember } from '../social/support/members';

// The pages GET /api/discover keeps: served again only while discover_generation stands and the ranking
// behind them is within its hour. Every change a page shows moves the number when it commits (on any
// server: here written straight into the database, as another server would), and the next read shows it.

interface Card {
  username: string;
  similarityScore: number;
  relation: string;
}

const HOUR_MS = 60 * 60 * 1000;

describe('the kept pages, bounded in characters', () => {
  const entry = (body: string, generation = '1', until = 1_000) => ({ body, generation, until });

  it('serves a page only under the generation it was kept under and before its end', () => {
    const pages = pageCache(1_000);
    pages.keep('a', entry('page a', '1', 500));
    expect(pages.read('a', '1', 499)).toBe('page a');
    expect(pages.read('a', '2', 0)).toBeUndefined();
    // A miss drops the entry: the old generation does not come back.
    expect(pages.read('a', '1', 0)).toBeUndefined();
    pages.keep('b', entry('page b', '1', 500));
    expect(pages.read('b', '1', 500)).toBeUndefined();
  });

  it('lets the least recently read pages go past the bound, and never keeps one larger than it', () => {
    // Each entry counts its key and its body: 1 + 9 = 10 characters.
    const pages = pageCache(30);
    for (const key of ['a', 'b', 'c']) pages.keep(key, entry(`${key}-8chars.`));
    expect(pages.read('a', '1', 0)).toBe('a-8chars.');
    pages.keep('d', entry('d-8chars.'));
    expect(pages.read('b', '1', 0)).toBeUndefined();
    expect(['a', 'c', 'd'].map((key) => pages.read(key, '1', 0))).toEqual(['a-8chars.', 'c-8chars.', 'd-8chars.']);
    pages.keep('e', entry('x'.repeat(30)));
    expect(pages.read('e', '1', 0)).toBeUndefined();
    expect(pages.read('d', '1', 0)).toBe('d-8chars.');
    // Keeping a key again replaces its entry and its size.
    pages.keep('d', entry('d-new'));
    expect(pages.read('d', '1', 0)).toBe('d-new');
    expect(['a', 'c'].map((key) => pages.read(key, '1', 0))).toEqual(['a-8chars.', 'c-8chars.']);
    // A page of exactly the bound is kept, alone.
    pages.keep('f', entry('x'.repeat(29)));
    expect(['f', 'a', 'c', 'd'].map((key) => pages.read(key, '1', 0))).toEqual(['x'.repeat(29), undefined, undefined, undefined]);
  });
});

const generation = async (db: Kysely<Database>) => Number((await sql<{ n: string | number }>`select n from discover_generation`.execute(db)).rows[0]?.n);

describe.each(DATABASE_KINDS)('discover pages kept on %s', (kind) => {
  let clock = Date.now();
  const setup = withMemberApp(kind, { env: () => ({ SAMPLE_PEOPLE: 'off' }), now: () => clock });
  const db = () => setup.database.db;

  async function page(member: TestMember): Promise<Card[]> {
    const response = await member.browser.request('GET', '/api/discover');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    return ((await response.json()) as { cards: Card[] }).cards;
  }
  const seen = async (member: TestMember) => (await page(member)).map((card) => [card.username, card.relation, card.similarityScore]);

  async function pair() {
    clock = Date.now();
    const alice = await addMember(setup.database, setup.app, 'Alice', { musicGenres: ['Jazz'] });
    const bob = await addMember(setup.database, setup.app, 'Bob', { musicGenres: ['Jazz'] });
    expect(await seen(alice)).toEqual([['Bob', 'none', 100]]);
    return { alice, bob };
  }

  const changes: [string, (alice: TestMember, bob: TestMember) => Promise<unknown>, (string | number)[][]][] = [
    ['Bob blocks Alice', (alice, bob) => db().insertInto('blocks').values({ blocker_id: bob.id, blocked_id: alice.id }).execute(), []],
    ['an operator suspends Bob', (_, bob) => db().insertInto('member_suspensions').values({ member_id: bob.id, until: null }).execute(), []],
    ['Bob asks Alice to be friends', (alice, bob) => db().insertInto('friend_requests').values({ id: randomUUID(), from_id: bob.id, to_id: alice.id }).execute(), [['Bob', 'incoming', 100]]],
    ['they become friends', (alice, bob) => db().insertInto('friendships').values({ member_a: alice.id < bob.id ? alice.id : bob.id, member_b: alice.id < bob.id ? bob.id : alice.id }).execute(), [['Bob', 'friends', 100]]],
    ['Bob takes requests from no one', (_, bob) => db().insertInto('member_safety').values({ member_id: bob.id, friend_requests: 'noOne' }).execute(), [['Bob', 'closed', 100]]],
    ['Bob goes friends-only', (_, bob) => db().updateTable('profiles').set({ visibility: 'private' }).where('member_id', '=', bob.id).execute(), []],
    ['Bob is renamed', (_, bob) => db().updateTable('members').set({ username: 'Robert' }).where('id', '=', bob.id).execute(), [['Robert', 'none', 100]]],
    ['Bob deletes his account', (_, bob) => db().deleteFrom('members').where('id', '=', bob.id).execute(), []],
    ['Bob lists only a game now: they share nothing', (_, bob) => saveTaste(bob, { favoriteGames: ['Hades'] }), []],
    ['Carol joins with the same taste', () => addMember(setup.database, setup.app, 'Carol', { musicGenres: ['Jazz'] }), [['Bob', 'none', 100], ['Carol', 'none', 100]]],
  ];

  it.each(changes)('shows it on the next read when %s', async (_, change, expected) => {
    const { alice, bob } = await pair();
    await change(alice, bob);
    expect(await seen(alice)).toEqual(expected);
  });

  it('serves a page again while nothing behind it moved the number, until the ranking is an hour old', async () => {
    const { alice, bob } = await pair();
    // A rename the number does not see (its triggers are off for this transaction), so only a page built anew shows it.
    await db().transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await trx.updateTable('members').set({ username: 'Robert' }).where('id', '=', bob.id).execute();
    });
    expect(await seen(alice)).toEqual([['Bob', 'none', 100]]);
    clock += HOUR_MS - 60_000;
    expect(await seen(alice)).toEqual([['Bob', 'none', 100]]);
    clock += 60_000;
    expect(await seen(alice)).toEqual([['Robert', 'none', 100]]);
    // That page came from the stored ranking (still within its hour by the database's clock) and is kept too.
    await db().transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await trx.updateTable('members').set({ username: 'Rob' }).where('id', '=', bob.id).execute();
    });
    expect(await seen(alice)).toEqual([['Robert', 'none', 100]]);
  });

  it('answers 400 reads of one view at once with the same page, and keeps serving it', async () => {
    const { alice } = await pair();
    const answers = await Promise.all(Array.from({ length: 400 }, () => alice.browser.request('GET', '/api/discover?q=jazz')));
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([200]));
    const bodies = new Set(await Promise.all(answers.map((answer) => answer.text())));
    expect(bodies.size).toBe(1);
    expect((await alice.browser.request('GET', '/api/discover?q=jazz')).status).toBe(200);
    expect(JSON.parse([...bodies][0] ?? '').cards.map((card: Card) => card.username)).toEqual(['Bob']);
  });

  it('keeps pages by member, view and place: another view or another member is built for itself', async () => {
    const { alice, bob } = await pair();
    expect(await seen(bob)).toEqual([['Alice', 'none', 100]]);
    const search = await alice.browser.request('GET', '/api/discover?q=bo');
    expect(((await search.json()) as { cards: Card[] }).cards.map((card) => card.username)).toEqual(['Bob']);
    const elsewhere = await alice.browser.request('GET', '/api/discover?community=Seattle');
    expect(((await elsewhere.json()) as { cards: Card[] }).cards).toEqual([]);
  });

  it('moves once for each committed write that discover reads, and not for other writes', async () => {
    const { alice, bob } = await pair();
    const writes: [string, () => Promise<unknown>, number][] = [
      ['a profile', () => db().updateTable('profiles').set({ communities: ['gamers'] }).where('member_id', '=', bob.id).execute(), 1],
      ['item rows alone', () => db().deleteFrom('member_interests').where('member_id', '=', bob.id).execute(), 1],
      // Rebuilt only once a write above has moved the number, or past its hour, when its pages end too.
      ['a stored ranking', () => db().deleteFrom('discover_rankings').where('member_id', '=', alice.id).execute(), 0],
      ['a block', () => db().insertInto('blocks').values({ blocker_id: alice.id, blocked_id: bob.id }).execute(), 1],
      ['a suspension', () => db().insertInto('member_suspensions').values({ member_id: bob.id, until: null }).execute(), 1],
      ['a friend request', () => db().insertInto('friend_requests').values({ id: randomUUID(), from_id: alice.id, to_id: bob.id }).execute(), 1],
      ['a friendship', () => db().insertInto('friendships').values({ member_a: alice.id < bob.id ? alice.id : bob.id, member_b: alice.id < bob.id ? bob.id : alice.id }).execute(), 1],
      ['who may send requests', () => db().insertInto('member_safety').values({ member_id: alice.id, friend_requests: 'noOne' }).execute(), 1],
      ['a new member', () => db().insertInto('members').values({ id: randomUUID(), username: 'Dana', email: 'dana@example.com', password_hash: 'x' }).execute(), 1],
      ['a username', () => db().updateTable('members').set({ username: 'Robert' }).where('id', '=', bob.id).execute(), 1],
      ['a password', () => db().updateTable('members').set({ password_hash: 'y' }).where('id', '=', bob.id).execute(), 0],
      ['an email address', () => db().updateTable('members').set({ email: 'robert@example.com' }).where('id', '=', bob.id).execute(), 0],
      ['a session', () => db().deleteFrom('sessions').where('member_id', '=', bob.id).execute(), 0],
      [
        'three tables in one transaction',
        () => db().transaction().execute(async (trx) => {
          await trx.deleteFrom('blocks').execute();
          await trx.deleteFrom('friendships').execute();
          await trx.updateTable('profiles').set({ communities: [] }).execute();
        }),
        1,
      ],
    ];
    const moved: [string, number][] = [];
    for (const [name, write] of writes) {
      const before = await generation(db());
      await write();
      moved.push([name, (await generation(db())) - before]);
    }
    expect(moved).toEqual(writes.map(([name, , by]) => [name, by]));
  });
});

describe('discover_generation on postgres, where writers run side by side', () => {
  const opened = openTestDatabaseAroundTests('postgres');
  const db = () => opened.database.db;

  async function member(): Promise<string> {
    const id = randomUUID();
    await db().insertInto('members').values({ id, username: id, email: `${id}@example.com`, password_hash: 'x' }).execute();
    await db().insertInto('profiles').values({ member_id: id, data: '{}', updated_at: 1, communities: [] }).execute();
    return id;
  }
  const touch = (runner: Kysely<Database>, id: string) => runner.updateTable('profiles').set({ communities: ['gamers'] }).where('member_id', '=', id).execute();

  it('moves when the writer commits, not before, and not for a write rolled back', async () => {
    const id = await member();
    const before = await generation(db());
    await db().transaction().execute(async (trx) => {
      await touch(trx, id);
      expect(await generation(db())).toBe(before);
    });
    expect(await generation(db())).toBe(before + 1);
    await expect(
      db().transaction().execute(async (trx) => {
        await touch(trx, id);
        throw new Error('undone');
      }),
    ).rejects.toThrow('undone');
    expect(await generation(db())).toBe(before + 1);
  });

  it('is not held by a writer still at work: another writer commits meanwhile', async () => {
    const [alice, bob] = [await member(), await member()];
    const before = await generation(db());
    await db().transaction().execute(async (trx) => {
      await touch(trx, alice);
      await touch(db(), bob);
      expect(await generation(db())).toBe(before + 1);
    });
    expect(await generation(db())).toBe(before + 2);
  });
});
