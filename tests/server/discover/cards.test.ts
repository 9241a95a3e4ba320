import { describe, expect, it } from 'vitest';
import { interestRows } from '../../../server/discover/interests';
import { samplesFor } from '../../../server/discover/samples';
import { withMemberApp } from '../members/support/memberApp';
import { DATABASE_KINDS } from '../members/support/testDatabase';
import { addMember, putSettings, saveTaste, type TestMember } from '../social/support/members';

// What a discover card and a profile view show: the viewer's items the other person also lists (once,
// in the viewer's spelling and category), the interest rows discovery prunes by, where the pair stands,
// and what a member sees of themselves.

describe('shared items and interest rows', () => {
  it('keeps one row per distinct item per category, keyed trimmed and lower-cased, spelled as listed', () => {
    expect(interestRows('m1', { musicGenres: [' Rock ', 'rock', ''], favoriteGames: ['Rock'], favoriteShows: ['Dune'] })).toEqual([
      { member_id: 'm1', category: 'music', item_key: 'rock', item: 'Rock' },
      { member_id: 'm1', category: 'games', item_key: 'rock', item: 'Rock' },
      { member_id: 'm1', category: 'shows', item_key: 'dune', item: 'Dune' },
    ]);
  });

  it('offers sample people by community and by a search of their name or interests', () => {
    expect(samplesFor('off', { search: '' })).toEqual([]);
    expect(samplesFor('on', { search: '' })).toHaveLength(25);
    expect(samplesFor('auto', { search: 'rifflord' }).map((s) => s.id)).toEqual(['user-1']);
    expect(samplesFor('on', { search: 'attack on titan' }).every((s) => s.interests.includes('Attack on Titan'))).toBe(true);
    expect(samplesFor('on', { search: 'attack on titan' }).length).toBeGreaterThan(0);
    const seattle = samplesFor('on', { community: 'Seattle', search: '' });
    expect(seattle.length).toBeGreaterThan(0);
    expect(seattle.length).toBeLessThan(25);
    expect(seattle.every((s) => s.communities.includes('Seattle'))).toBe(true);
    expect(samplesFor('on', { community: 'Seattle', search: 'rifflord' }).map((s) => s.id)).toEqual(['user-1']);
  });
});

describe.each(DATABASE_KINDS)('cards and profile views on %s', (kind) => {
  const setup = withMemberApp(kind, { env: () => ({ SAMPLE_PEOPLE: 'off' }) });

  const befriend = async (a: TestMember, b: TestMember) => {
    const [low, high] = a.id < b.id ? [a.id, b.id] : [b.id, a.id];
    await setup.database.db.insertInto('friendships').values({ member_a: low, member_b: high }).execute();
  };

  it('shows friends on a card even when a friend request is also pending', async () => {
    const alice = await addMember(setup.database, setup.app, 'Alice', { musicGenres: ['Jazz'] });
    const bob = await addMember(setup.database, setup.app, 'Bob', { musicGenres: ['Jazz'] });
    await setup.database.db.insertInto('friend_requests').values({ id: crypto.randomUUID(), from_id: alice.id, to_id: bob.id }).execute();
    await befriend(alice, bob);
    const page = (await (await alice.browser.request('GET', '/api/discover')).json()) as { cards: { relation: string }[] };
    expect(page.cards.map((c) => c.relation)).toEqual(['friends']);
    const view = (await (await alice.browser.request('GET', `/api/members/${bob.id}`)).json()) as { relation: string };
    expect(view.relation).toBe('friends');
  });

  it("shows a member's new lists on the viewer's next page, and the viewer's own new lists in what is shared", async () => {
    const alice = await addMember(setup.database, setup.app, 'Alice', { musicGenres: ['Jazz'], favoriteGames: ['Hades'] });
    const bob = await addMember(setup.database, setup.app, 'Bob', { musicGenres: ['Jazz'] });
    const card = async () => {
      const page = (await (await alice.browser.request('GET', '/api/discover')).json()) as { cards: { bio: string; shared: string[] }[] };
      return page.cards.map((c) => [c.bio, c.shared]);
    };
    expect(await card()).toEqual([['Jazz', ['Jazz']]]);
    await saveTaste(bob, { musicGenres: ['Jazz', 'Soul'], favoriteGames: ['Hades'] });
    expect(await card()).toEqual([['Jazz, Soul, Hades', ['Jazz', 'Hades']]]);
    await saveTaste(alice, { musicGenres: ['Soul'] });
    expect(await card()).toEqual([['Jazz, Soul, Hades', ['Soul']]]);
    // The same score (the match ignores case), spelled anew: shared items are named as the viewer spells them.
    await saveTaste(alice, { musicGenres: ['SOUL'] });
    expect(await card()).toEqual([['Jazz, Soul, Hades', ['SOUL']]]);
  });

  it("explains a member's card by the mean of both directions, in the viewer's spelling", async () => {
    // Each way: Jazz shared (2 of 3 items' credit, 66.67 points) and the stem "jazz" (1.33 points): 68, split 67 + 1.
    const alice = await addMember(setup.database, setup.app, 'Alice', { musicGenres: ['Jazz'], favoriteGames: ['Hades'] });
    await addMember(setup.database, setup.app, 'Bob', { musicGenres: [' JAZZ'] });
    const page = (await (await alice.browser.request('GET', '/api/discover')).json()) as { cards: { similarityScore: number; breakdown: unknown }[] };
    expect(page.cards.map((c) => [c.similarityScore, c.breakdown])).toEqual([
      [68, { music: { points: 67, items: ['Jazz'] }, games: { points: 0, items: [] }, shows: { points: 0, items: [] }, hobbies: { points: 1, items: [] } }],
    ]);
  });

  it('shows a friends-only member their own profile in full, and finds an id in capitals', async () => {
    const alice = await addMember(setup.database, setup.app, 'Alice', { hobbies: 'chess', musicGenres: ['Jazz'] });
    await putSettings(alice, { profileVisibility: 'private', communities: ['UW'] });
    const own = await alice.browser.request('GET', `/api/members/${alice.id.toUpperCase()}`);
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual({
      id: alice.id,
      username: 'Alice',
      avatar: 'AL',
      relation: 'none',
      visible: true,
      profile: { profilePicture: '', hobbies: 'chess', musicGenres: ['Jazz'], favoriteGames: [], favoriteShows: [], communities: ['UW'] },
    });
  });

  it('shows a member who never saved a profile with empty lists', async () => {
    const alice = await addMember(setup.database, setup.app, 'Alice', { musicGenres: ['Jazz'] });
    const bob = await addMember(setup.database, setup.app, 'bob');
    const view = await alice.browser.request('GET', `/api/members/${bob.id}`);
    expect(await view.json()).toEqual({
      id: bob.id,
      username: 'bob',
      avatar: 'BO',
      relation: 'none',
      visible: true,
      profile: { profilePicture: '', hobbies: '', musicGenres: [], favoriteGames: [], favoriteShows: [], communities: [] },
    });
  });

  it('answers a member without a profile with empty discover pages and the default settings', async () => {
    const alice = await addMember(setup.database, setup.app, 'Alice');
    await addMember(setup.database, setup.app, 'Bob', { musicGenres: ['Jazz'] });
    expect(await (await alice.browser.request('GET', '/api/discover')).json()).toEqual({ cards: [], nextCursor: null });
    expect(await (await alice.browser.request('GET', '/api/me/settings')).json()).toEqual({ profileVisibility: 'public', showOnlineStatus: true, communities: [] });
  });

  it('stores each chosen community once', async () => {
    const alice = await addMember(setup.database, setup.app, 'Alice', { musicGenres: ['Jazz'] });
    const saved = await alice.browser.request('PUT', '/api/me/settings', { communities: ['UW', 'Seattle', 'UW'] });
    expect(await saved.json()).toEqual({ profileVisibility: 'public', showOnlineStatus: true, communities: ['UW', 'Seattle'] });
    expect(await (await alice.browser.request('GET', '/api/me/settings')).json()).toEqual({ profileVisibility: 'public', showOnlineStatus: true, communities: ['UW', 'Seattle'] });
  });
});
