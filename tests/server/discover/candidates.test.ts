import { describe, expect, it } from 'vitest';
import { pruneCandidates } from '../../../server/discover/candidates';
import { localPairScore } from '../../../server/discover/scoring';
import { replaceInterests } from '../../../server/discover/interests';
import { loadTastes, loadViewer } from '../../../server/discover/tastes';
import { withMemberApp } from '../members/support/memberApp';
import { DATABASE_KINDS } from '../members/support/testDatabase';

// Which members a ranking scores (candidates.ts) and what is read about them (tastes.ts), on a real
// database: members who share the most items first, newcomers when fewer than a page share anything,
// the community and friends-only filters, search.

interface Seeded {
  id: string;
  username: string;
}

describe('the local score of a pair', () => {
  it('is the rounded mean of both directions, whichever member comes first', () => {
    const taste = (id: string, music: string[], games: string[]) => ({ id, username: id, hobbies: '', items: { music, games, shows: [] }, changedAt: new Date(0) });
    // a -> b: jazz shared of 2 + 1 items (66.67) plus the stem "jazz" (1.33) = 68; b -> a: the same. Jazz and hades vs jazz alone.
    const a = taste('a', ['jazz'], ['hades']);
    const b = taste('b', ['jazz'], []);
    expect(localPairScore(a, b)).toBe(68);
    expect(localPairScore(b, a)).toBe(68);
    // The same single item: 100 both ways; nothing shared: 0.
    expect(localPairScore(taste('c', ['jazz'], []), taste('d', ['jazz'], []))).toBe(100);
    expect(localPairScore(taste('e', ['polka'], []), taste('f', ['opera'], []))).toBe(0);
  });
});

describe.each(DATABASE_KINDS)('discover candidates on %s', (kind) => {
  const setup = withMemberApp(kind);
  let order = 0;

  /** A member with a saved profile; `id` fixes the id's first hex digit so tests can order ids. */
  async function seed(
    username: string,
    items: { music?: string[]; games?: string[]; shows?: string[] },
    options: { first?: string; visibility?: 'public' | 'private'; communities?: string[]; updatedAt?: number; hobbies?: string; connectedTaste?: unknown } = {},
  ): Promise<Seeded> {
    order += 1;
    const id = `${options.first ?? '5'}${String(order).padStart(7, '0')}-0000-4000-8000-000000000000`;
    await setup.database.db.insertInto('members').values({ id, username, email: `${username}-${order}@example.com`, password_hash: 'x' }).execute();
    const lists = { musicGenres: items.music ?? [], favoriteGames: items.games ?? [], favoriteShows: items.shows ?? [] };
    const data = { username, hobbies: options.hobbies ?? '', ...lists, ...(options.connectedTaste ? { connectedTaste: options.connectedTaste } : {}) };
    await setup.database.db
      .insertInto('profiles')
      .values({ member_id: id, data: JSON.stringify(data), updated_at: options.updatedAt ?? 1, visibility: options.visibility ?? 'public', communities: options.communities ?? [] })
      .execute();
    await replaceInterests(setup.database.db, id, lists);
    return { id, username };
  }

  async function befriend(a: Seeded, b: Seeded) {
    const [low, high] = a.id < b.id ? [a.id, b.id] : [b.id, a.id];
    await setup.database.db.insertInto('friendships').values({ member_a: low, member_b: high }).execute();
  }

  const names = (found: { id: string }[], people: Seeded[]) => found.map((c) => people.find((p) => p.id === c.id)?.username);

  it('ranks members by items shared, then id, and adds the most recently changed newcomers up to a page', async () => {
    const viewer = await seed('viewer', { music: ['Jazz', 'Rock'], games: ['Hades'] });
    const two = await seed('two', { music: ['jazz'], games: ['HADES'] }, { first: '9' });
    const oneLow = await seed('oneLow', { music: ['Rock'] }, { first: '1' });
    const oneHigh = await seed('oneHigh', { music: ['Jazz'] }, { first: '8' });
    const older = await seed('older', { music: ['Polka'] });
    const newer = await seed('newer', { music: ['Opera'] });
    await seed('settingsOnly', {}, { updatedAt: 0 });
    const people = [viewer, two, oneLow, oneHigh, older, newer];
    await setup.database.db.updateTable('profiles').set({ changed_at: new Date('2026-01-01T00:00:00Z') }).where('member_id', '=', older.id).execute();

    const pruned = await pruneCandidates(setup.database.db, viewer.id, { search: '' });
    expect(pruned.open).toBe(true);
    expect(pruned.candidates.map((c) => c.overlap)).toEqual([2, 1, 1, 0, 0]);
    expect(names(pruned.candidates, people)).toEqual(['two', 'oneLow', 'oneHigh', 'newer', 'older']);

    const limited = await pruneCandidates(setup.database.db, viewer.id, { search: '' }, { limit: 2 });
    expect(names(limited.candidates, people).slice(0, 2)).toEqual(['two', 'oneLow']);
  });

  it('ranks a short list that is all shared above a long one sharing more but proportionally less, as the score does', async () => {
    const viewer = await seed('viewer', { music: ['Jazz', 'Rock'], games: ['Hades', 'Celeste'] });
    // long shares 3 of its 8 items (3 over 4 + 8 lists), short all 2 of its 2 (2 over 4 + 2): short first.
    const long = await seed('long', { music: ['Jazz', 'Rock', 'Polka', 'Opera', 'Salsa'], games: ['Hades', 'Doom'], shows: ['Dune'] }, { first: '1' });
    const short = await seed('short', { music: ['jazz'], games: ['HADES'] }, { first: '9' });
    const people = [long, short];

    const pruned = await pruneCandidates(setup.database.db, viewer.id, { search: '' });
    expect(names(pruned.candidates, people)).toEqual(['short', 'long']);
    expect(pruned.candidates.map((c) => c.overlap)).toEqual([2, 3]);
    // Asked for one sharing member, pruning hands over the better match (a page is then filled with newcomers).
    expect(names((await pruneCandidates(setup.database.db, viewer.id, { search: '' }, { limit: 1 })).candidates, people).slice(0, 1)).toEqual(['short']);
    const loaded = await loadViewer(setup.database.db, viewer.id);
    const [longTaste, shortTaste] = await loadTastes(setup.database.db, [long.id, short.id]);
    if (!loaded || !longTaste || !shortTaste) throw new Error('not seeded');
    // short: 4 credits over 4 + 2 items (66.67) plus 2 shared words (2.67) = 69; long: 6 over 4 + 8 (50) plus 3 words (6) = 56.
    expect([localPairScore(loaded.taste, shortTaste), localPairScore(loaded.taste, longTaste)]).toEqual([69, 56]);
  });

  it('reads at most the given number of holders per item', async () => {
    const viewer = await seed('viewer', { music: ['Jazz'] });
    await seed('a', { music: ['Jazz'] });
    await seed('b', { music: ['Jazz'] });
    await seed('c', { music: ['Jazz'] });
    const pruned = await pruneCandidates(setup.database.db, viewer.id, { search: '' }, { holdersPerItem: 2 });
    expect(pruned.candidates.map((c) => c.overlap)).toEqual([1, 1, 0]);
  });

  it('closes the set once a page of members shares something: no newcomers then', async () => {
    const viewer = await seed('viewer', { music: ['Jazz'] });
    for (let i = 0; i < 50; i++) await seed(`m${i}`, { music: ['Jazz'] });
    await seed('loner', { music: ['Polka'] });
    const pruned = await pruneCandidates(setup.database.db, viewer.id, { search: '' });
    expect(pruned.open).toBe(false);
    expect(pruned.candidates).toHaveLength(50);
    expect(pruned.candidates.every((c) => c.overlap === 1)).toBe(true);
  });

  it('keeps friends-only members to their friends, whichever side of the friendship the viewer is on', async () => {
    const viewer = await seed('viewer', { music: ['Jazz'] });
    const lowFriend = await seed('lowFriend', { music: ['Jazz'] }, { first: '1', visibility: 'private' });
    const highFriend = await seed('highFriend', { music: ['Jazz'] }, { first: '9', visibility: 'private' });
    await seed('stranger', { music: ['Jazz'] }, { visibility: 'private' });
    const otherStranger = await seed('newStranger', { music: ['Polka'] }, { visibility: 'private' });
    const pub = await seed('public', { music: ['Jazz'] });
    await befriend(viewer, lowFriend);
    await befriend(viewer, highFriend);
    await befriend(otherStranger, pub);
    const people = [lowFriend, highFriend, pub, otherStranger];
    expect(names((await pruneCandidates(setup.database.db, viewer.id, { search: '' })).candidates, people).sort()).toEqual(['highFriend', 'lowFriend', 'public']);
    expect(names((await pruneCandidates(setup.database.db, viewer.id, { search: 'stranger' })).candidates, people)).toEqual([]);
  });

  it('filters sharing members and newcomers by community', async () => {
    const viewer = await seed('viewer', { music: ['Jazz'] });
    const husky = await seed('husky', { music: ['Jazz'] }, { communities: ['UW', 'Seattle'] });
    await seed('elsewhere', { music: ['Jazz'] }, { communities: ['Microsoft'] });
    const newHusky = await seed('newHusky', { music: ['Polka'] }, { communities: ['UW'] });
    const people = [husky, newHusky];
    const pruned = await pruneCandidates(setup.database.db, viewer.id, { community: 'UW', search: '' });
    expect(names(pruned.candidates, people)).toEqual(['husky', 'newHusky']);
  });

  it('finds members by username or item for a search, most shared first then by name, the viewer never', async () => {
    const viewer = await seed('viewer', { music: ['Jazz', 'Rock'] });
    const people = [
      viewer,
      await seed('Zed', { music: ['Jazz', 'Rock'], shows: ['Dune'] }),
      await seed('bob', { shows: ['Dune'] }),
      await seed('Ann', { music: ['Opera'], games: ['Dune Spice Wars'] }),
      await seed('dunefan', {}),
      await seed('other', { music: ['Jazz'] }),
    ];
    const pruned = await pruneCandidates(setup.database.db, viewer.id, { search: 'dune' });
    expect(pruned.open).toBe(true);
    expect(names(pruned.candidates, people)).toEqual(['Zed', 'Ann', 'bob', 'dunefan']);
    expect(pruned.candidates.map((c) => c.overlap)).toEqual([2, 0, 0, 0]);
    expect(names((await pruneCandidates(setup.database.db, viewer.id, { search: 'viewer' })).candidates, people)).toEqual([]);
    expect(names((await pruneCandidates(setup.database.db, viewer.id, { search: 'dune', community: 'UW' })).candidates, people)).toEqual([]);
  });

  it('matches a search as a plain substring: %, _ and backslash are themselves, case is ignored, short and unicode needles work', async () => {
    const viewer = await seed('viewer', { music: ['Jazz'] });
    const people = [
      viewer,
      await seed('Percent%Man', {}),
      await seed('PercentXMan', {}),
      await seed('under_score', {}),
      await seed('underXscore', {}),
      await seed('back\\slash', {}),
      await seed('backslash', {}),
      await seed('AlphaBeta', {}),
      await seed('cafefan', { music: ['Café Tacvba', 'Jazz'] }),
      await seed('delmar', { music: ['Cafe del Mar'] }),
      await seed('juicer', { games: ['100% Orange Juice'] }),
      await seed('guitarist', { shows: ['Rock 🎸 Night'] }),
    ];
    // Each needle and the names it finds, all searched and compared at once so a failure shows every miss.
    const expected: Record<string, string[]> = {
      't%m': ['Percent%Man'],
      '%': ['juicer', 'Percent%Man'],
      'r_s': ['under_score'],
      '_': ['under_score'],
      '\\s': ['back\\slash'],
      '\\': ['back\\slash'],
      'x': ['PercentXMan', 'underXscore'],
      'alphab': ['AlphaBeta'],
      'ab': ['AlphaBeta'],
      'qq': [],
      'fé': ['cafefan'],
      'café t': ['cafefan'],
      'cafe': ['cafefan', 'delmar'],
      '🎸': ['guitarist'],
      '% o': ['juicer'],
      '%%': [],
    };
    const found: Record<string, ReturnType<typeof names>> = {};
    for (const search of Object.keys(expected)) found[search] = names((await pruneCandidates(setup.database.db, viewer.id, { search })).candidates, people);
    expect(found).toEqual(expected);
  });

  it('reads candidates as scoring needs them: hobbies, sorted item keys by category, connected taste', async () => {
    const viewer = await seed('viewer', { music: ['Rock', 'Jazz'], games: ['Hades'] }, { hobbies: 'chess' });
    const them = await seed('them', { music: ['Rock ', 'ambient'], shows: ['Dune'] }, { hobbies: 'hiking', connectedTaste: { steamGames: [{ name: 'Hades', hours: 12 }] } });
    const plain = await seed('plain', { games: ['Celeste'] });
    // A row of a category discovery does not score is not read into any list.
    await setup.database.db.insertInto('member_interests').values({ member_id: plain.id, category: 'books', item_key: 'dune', item: 'Dune' }).execute();
    const tastes = await loadTastes(setup.database.db, [plain.id, 'ffffffff-0000-4000-8000-000000000000', them.id]);
    expect(tastes.map(({ changedAt: _changedAt, ...rest }) => rest)).toEqual([
      { id: plain.id, username: 'plain', hobbies: '', items: { music: [], games: ['celeste'], shows: [] } },
      { id: them.id, username: 'them', hobbies: 'hiking', items: { music: ['ambient', 'rock'], games: [], shows: ['dune'] }, connectedTaste: { steamGames: [{ name: 'Hades', hours: 12 }] } },
    ]);
    expect(await loadTastes(setup.database.db, [])).toEqual([]);

    const loaded = await loadViewer(setup.database.db, viewer.id);
    expect(loaded?.taste.items).toEqual({ music: ['jazz', 'rock'], games: ['hades'], shows: [] });
    expect(loaded?.taste.hobbies).toBe('chess');
    expect(loaded?.profile.musicGenres).toEqual(['Rock', 'Jazz']);
    expect(await loadViewer(setup.database.db, 'ffffffff-0000-4000-8000-000000000000')).toBeUndefined();
  });
});
