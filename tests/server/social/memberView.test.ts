import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Hono } from 'hono';
import { createApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { APP_ORIGIN, browser } from '../members/support/browser';
import { DATABASE_KINDS, emptyTables, openTestDatabase, type TestDatabase } from '../members/support/testDatabase';
import { addMember, putSettings, type TestMember } from './support/members';

// GET /api/members/:id: a profile as the viewer may see it.

const notFound = { error: { code: 'NOT_FOUND', message: 'That person could not be found.' } };

describe.each(DATABASE_KINDS)('member profile view on %s', (kind) => {
  let database: TestDatabase;
  let app: Hono;
  let alice: TestMember;
  let bob: TestMember;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  }, 60_000);
  afterAll(async () => {
    await database?.dispose();
  });
  beforeEach(async () => {
    await emptyTables(database);
    app = createApp(loadConfig({ PUBLIC_ORIGIN: APP_ORIGIN }), { members: { db: database.db } });
    alice = await addMember(database, app, 'Alice', { musicGenres: ['Jazz'] });
    bob = await addMember(database, app, 'bob', { hobbies: 'chess', musicGenres: ['Rock'], favoriteGames: ['Hades'], favoriteShows: ['Dune'] });
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
    await database.db.insertInto('friendships').values({ member_a: low, member_b: high }).execute();
    const asFriend = await view(alice, bob.id);
    expect(asFriend.body).toMatchObject({ relation: 'friends', visible: true, profile: { hobbies: 'chess' } });
  });

  it('answers 404 for unknown ids, sample people and either side of a block', async () => {
    expect(await view(alice, '00000000-0000-4000-8000-000000000000')).toEqual({ status: 404, body: notFound });
    expect(await view(alice, 'user-1')).toEqual({ status: 404, body: notFound });
    expect(await view(alice, 'not an id')).toEqual({ status: 404, body: notFound });
    await database.db.insertInto('blocks').values({ blocker_id: bob.id, blocked_id: alice.id }).execute();
    expect(await view(alice, bob.id)).toEqual({ status: 404, body: notFound });
    expect(await view(bob, alice.id)).toEqual({ status: 404, body: notFound });
  });

  it('answers 401 without a session', async () => {
    const response = await browser(app).request('GET', `/api/members/${bob.id}`);
    expect(response.status).toBe(401);
  });
});
