import { describe, expect, it } from 'vitest';
import { browser } from '../members/support/browser';
import { withMemberApp } from '../members/support/memberApp';
import { DATABASE_KINDS } from '../members/support/testDatabase';
import { addMember, saveTaste } from './support/members';

// GET and PUT /api/me/settings (privacy switches and chosen communities), and what a profile write
// leaves in member_interests for discovery to prune by.

describe.each(DATABASE_KINDS)('member settings and interests on %s', (kind) => {
  const setup = withMemberApp(kind);

  async function changedAt(memberId: string): Promise<number> {
    const row = await setup.database.db.selectFrom('profiles').select('changed_at').where('member_id', '=', memberId).executeTakeFirstOrThrow();
    return new Date(row.changed_at).getTime();
  }

  it('answers the defaults to a member without a profile, and 401 without a session', async () => {
    const alice = await addMember(setup.database, setup.app, 'Alice');
    const response = await alice.browser.request('GET', '/api/me/settings');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ profileVisibility: 'public', showOnlineStatus: true, communities: [] });

    const stranger = browser(setup.app);
    expect((await stranger.request('GET', '/api/me/settings')).status).toBe(401);
    expect((await stranger.request('PUT', '/api/me/settings', { showOnlineStatus: false })).status).toBe(401);
  });

  it('applies any subset, answers the whole, and keeps it', async () => {
    const alice = await addMember(setup.database, setup.app, 'Alice', { musicGenres: ['Jazz'] });
    const put = await alice.browser.request('PUT', '/api/me/settings', { profileVisibility: 'private', communities: ['UW', 'Seattle'] });
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ profileVisibility: 'private', showOnlineStatus: true, communities: ['UW', 'Seattle'] });
    await alice.browser.request('PUT', '/api/me/settings', { showOnlineStatus: false });
    expect(await (await alice.browser.request('GET', '/api/me/settings')).json()).toEqual({
      profileVisibility: 'private',
      showOnlineStatus: false,
      communities: ['UW', 'Seattle'],
    });
    const row = await setup.database.db.selectFrom('profiles').select(['visibility', 'show_online', 'communities']).where('member_id', '=', alice.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ visibility: 'private', show_online: false, communities: ['UW', 'Seattle'] });
  });

  it('lets settings come before the first profile, which still wins afterwards', async () => {
    const alice = await addMember(setup.database, setup.app, 'Alice');
    await alice.browser.request('PUT', '/api/me/settings', { communities: ['Microsoft'] });
    // The device still holds the only profile: the server has none to restore over it.
    const before = (await (await alice.browser.request('GET', '/api/me')).json()) as { profile: unknown };
    expect(before.profile).toBeNull();
    await saveTaste(alice, { hobbies: 'chess' });
    const me = (await (await alice.browser.request('GET', '/api/me')).json()) as { profile: { hobbies: string } };
    expect(me.profile.hobbies).toBe('chess');
    expect(await (await alice.browser.request('GET', '/api/me/settings')).json()).toEqual({ profileVisibility: 'public', showOnlineStatus: true, communities: ['Microsoft'] });
  });

  it('refuses settings it does not know with 400, and a foreign Origin with 403', async () => {
    const alice = await addMember(setup.database, setup.app, 'Alice');
    for (const body of [{ profileVisibility: 'friends' }, { communities: ['Mars'] }, { showOnlineStatus: 'yes' }]) {
      const response = await alice.browser.request('PUT', '/api/me/settings', body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: { code: 'INVALID_REQUEST', message: 'That request could not be understood.' } });
    }
    const attacker = browser(setup.app, { origin: 'https://evil.example' });
    attacker.setSession(alice.browser.session());
    const forged = await attacker.request('PUT', '/api/me/settings', { profileVisibility: 'private' });
    expect(forged.status).toBe(403);
    expect(await (await alice.browser.request('GET', '/api/me/settings')).json()).toEqual({ profileVisibility: 'public', showOnlineStatus: true, communities: [] });
  });

  it('keeps member_interests to the profile: trimmed, lower-cased keys, one per item and category', async () => {
    const alice = await addMember(setup.database, setup.app, 'Alice', {
      musicGenres: [' Rock ', 'rock', 'Jazz', '  '],
      favoriteGames: ['Celeste'],
      favoriteShows: ['The Bear', 'the bear'],
    });
    const rows = await setup.database.db.selectFrom('member_interests').select(['category', 'item_key', 'item']).where('member_id', '=', alice.id).orderBy('category').orderBy('item_key').execute();
    expect(rows).toEqual([
      { category: 'games', item_key: 'celeste', item: 'Celeste' },
      { category: 'music', item_key: 'jazz', item: 'Jazz' },
      { category: 'music', item_key: 'rock', item: 'Rock' },
      { category: 'shows', item_key: 'the bear', item: 'The Bear' },
    ]);

    await saveTaste(alice, { favoriteGames: ['Hades'] });
    const after = await setup.database.db.selectFrom('member_interests').select(['category', 'item_key']).where('member_id', '=', alice.id).execute();
    expect(after).toEqual([{ category: 'games', item_key: 'hades' }]);
  });

  it('leaves interests alone when an older profile write loses', async () => {
    const alice = await addMember(setup.database, setup.app, 'Alice', { musicGenres: ['Jazz'] });
    const older = await alice.browser.request('PUT', '/api/me/profile', { musicGenres: ['Polka'], updatedAt: 1 });
    expect(older.status).toBe(200);
    const rows = await setup.database.db.selectFrom('member_interests').select('item_key').where('member_id', '=', alice.id).execute();
    expect(rows).toEqual([{ item_key: 'jazz' }]);
  });

  it('marks the profile changed on every profile or settings write', async () => {
    const alice = await addMember(setup.database, setup.app, 'Alice', { musicGenres: ['Jazz'] });
    const first = await changedAt(alice.id);
    await saveTaste(alice, { musicGenres: ['Rock'] });
    const second = await changedAt(alice.id);
    expect(second).toBeGreaterThan(first);
    await alice.browser.request('PUT', '/api/me/settings', { showOnlineStatus: false });
    expect(await changedAt(alice.id)).toBeGreaterThan(second);
  });
});
