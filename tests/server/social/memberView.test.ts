import { beforeEach, describe, expect, it } from 'vitest';
import { browser } from '../members/support/browser';
import { withMemberApp } from '../members/support/memberApp';
import { DATABASE_KINDS } from '../members/support/testDatabase';
import { addMember, putSettings, type TestMember } from './support/members';

// GET /api/members/:id: a profile as the viewer may see it.

const notFound = { error: { code: 'NOT_FOUND', message: 'That person could not be found.' } };

describe.each(DATABASE_KINDS)('member profile view on %s', (kind) => {
  const setup = withMemberApp(kind);
  let alice: TestMember;
  let bob: TestMember;

  beforeEach(async () => {
    alice = await addMember(setup.database, setup.app, 'Alice', { musicGenres: ['Jazz'] });
    bob = await addMember(setup.database, setup.app, 'bob', { hobbies: 'chess', musicGenres: ['Rock'], favoriteGames: ['Hades'], favoriteShows: ['Dune'] });
    await putSettings(bob, { communities: ['Seattle'] });
  });

  async function view(viewer: TestMember, id: string) {
    const response = await viewer.browser.request('GET', `/api/members/${encodeURIComponent(id)}`);
    return { status: response.status, body: (await response.json()) as unknown };
  }

  it('shows a public member in full', async () => {
    expect(await view(alice, bob.id)).toEqual({
      status: 200,
      body: {
        id: bob.id,
        username: 'bob',
        avatar: 'BO',
        relation: 'none',
        visible: true,
        profile: { profilePicture: '', hobbies: 'chess', musicGenres: ['Rock'], favoriteGames: ['Hades'], favoriteShows: ['Dune'], communities: ['Seattle'] },
      },
    });
  });

  it('shows a friends-only member only by username to non-friends, in full to a friend', async () => {
    await putSettings(bob, { profileVisibility: 'private' });
    expect(await view(alice, bob.id)).toEqual({
      status: 200,
      body: { id: bob.id, username: 'bob', avatar: 'BO', relation: 'none', visible: false, profile: null },
    });
    const [low, high] = alice.id < bob.id ? [alice.id, bob.id] : [bob.id, alice.id];
    await setup.database.db.insertInto('friendships').values({ member_a: low, member_b: high }).execute();
    const asFriend = await view(alice, bob.id);
    expect(asFriend.body).toMatchObject({ relation: 'friends', visible: true, profile: { hobbies: 'chess' } });
  });

  it('answers 404 for unknown ids, sample people and either side of a block', async () => {
    expect(await view(alice, '00000000-0000-4000-8000-000000000000')).toEqual({ status: 404, body: notFound });
    expect(await view(alice, 'user-1')).toEqual({ status: 404, body: notFound });
    expect(await view(alice, 'not an id')).toEqual({ status: 404, body: notFound });
    await setup.database.db.insertInto('blocks').values({ blocker_id: bob.id, blocked_id: alice.id }).execute();
    expect(await view(alice, bob.id)).toEqual({ status: 404, body: notFound });
    expect(await view(bob, alice.id)).toEqual({ status: 404, body: notFound });
  });

  it('answers 401 without a session', async () => {
    const response = await browser(setup.app).request('GET', `/api/members/${bob.id}`);
    expect(response.status).toBe(401);
  });
});
