import { describe, expect, it } from 'vitest';
import { browser } from '../members/support/browser';
import { DATABASE_KINDS } from '../members/support/testDatabase';
import { playGame } from './support/games';
import { askToBeFriends, json, useWorld } from './support/world';

// Every social route needs a session, refuses writes from other sites, and a deleted account takes
// its friendships, requests, blocks, results and counted actions with it (reports stay, by name).

const SOME_ID = '00000000-0000-4000-8000-000000000000';
const ROUTES: [string, string, unknown?][] = [
  ['GET', '/api/friends/requests'],
  ['POST', '/api/friends/requests', { toUserId: SOME_ID }],
  ['POST', `/api/friends/requests/${SOME_ID}/accept`],
  ['POST', `/api/friends/requests/${SOME_ID}/decline`],
  ['DELETE', `/api/friends/requests/${SOME_ID}`],
  ['GET', '/api/friends'],
  ['DELETE', `/api/friends/${SOME_ID}`],
  ['GET', '/api/blocks'],
  ['POST', '/api/blocks', { userId: SOME_ID }],
  ['DELETE', `/api/blocks/${SOME_ID}`],
  ['POST', '/api/reports', { userId: SOME_ID, reason: 'spam' }],
  ['GET', '/api/me/stats'],
  ['POST', '/api/games/sessions', { game: 'hottakes' }],
  ['POST', '/api/games/results', { game: 'hottakes', gameId: SOME_ID }],
  ['GET', '/api/leaderboard?tab=points'],
];

describe.each(DATABASE_KINDS)('social routes access on %s', (kind) => {
  const world = useWorld(kind);

  /** Alice, Bob, Carol and Dave signed up; Alice asked Bob to be friends and he accepted. */
  async function fourMembersAliceAndBobFriends() {
    const [alice, bob, carol, dave] = await world.signUpEach('Alice', 'Bob', 'Carol', 'Dave');
    const sent = await askToBeFriends(alice, bob);
    await bob.browser.request('POST', `/api/friends/requests/${sent.request.id}/accept`);
    return { alice, bob, carol, dave };
  }

  it('answers every route with 401 UNAUTHENTICATED without a session or with a made-up one', async () => {
    const stranger = browser(world.app);
    for (const [method, path, body] of ROUTES) {
      for (const session of [undefined, 'made-up']) {
        stranger.setSession(session);
        const response = await stranger.request(method, path, body);
        expect(response.status, `${method} ${path}`).toBe(401);
        expect(await json(response)).toEqual({ error: { code: 'UNAUTHENTICATED', message: 'Your session has ended. Please log in again.' } });
      }
    }
  });

  it('refuses every write from another site with 403 CROSS_ORIGIN, even with a session', async () => {
    const [alice, bob] = await world.signUpEach('Alice', 'Bob');
    const session = alice.browser.session();
    const elsewhere = browser(world.app, { origin: 'https://evil.example' });
    elsewhere.setSession(session);
    for (const [method, path, body] of ROUTES.filter(([method]) => method !== 'GET')) {
      const response = await elsewhere.request(method, path, body === undefined ? undefined : JSON.parse(JSON.stringify(body).replace(SOME_ID, bob.id)));
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(await json(response)).toEqual({ error: { code: 'CROSS_ORIGIN', message: 'This request must come from the Mycelius app itself.' } });
    }
    expect(await json(await bob.browser.request('GET', '/api/friends/requests'))).toEqual({ incoming: [], outgoing: [] });
  });

  it('deleting an account removes its friendships, requests, blocks, results and actions, and keeps reports by name', async () => {
    const { alice, bob, carol, dave } = await fourMembersAliceAndBobFriends();
    await alice.browser.request('POST', '/api/friends/requests', { toUserId: carol.id });
    await dave.browser.request('POST', '/api/blocks', { userId: alice.id });
    await alice.browser.request('POST', '/api/blocks', { userId: dave.id });
    await playGame(alice.browser, 1);
    await alice.browser.request('POST', '/api/reports', { userId: dave.id, reason: 'spam' });
    await bob.browser.request('POST', '/api/reports', { userId: alice.id, reason: 'impersonation' });

    expect((await alice.browser.request('DELETE', '/api/me', { password: 'secret-1' })).status).toBe(204);

    expect(await json(await bob.browser.request('GET', '/api/friends'))).toEqual({ friends: [] });
    expect(await json(await carol.browser.request('GET', '/api/friends/requests'))).toEqual({ incoming: [], outgoing: [] });
    expect(await json(await dave.browser.request('GET', '/api/blocks'))).toEqual({ blocked: [] });
    expect((await json<{ stats: { friendsCount: number } }>(await bob.browser.request('GET', '/api/me/stats'))).stats.friendsCount).toBe(0);
    const { db } = world.database;
    for (const table of ['friendships', 'friend_requests', 'blocks', 'game_results', 'game_sessions'] as const) {
      expect(await db.selectFrom(table).selectAll().execute(), table).toEqual([]);
    }
    expect(await db.selectFrom('member_actions').select('member_id').where('member_id', '=', alice.id).execute()).toEqual([]);
    const reports = await db.selectFrom('reports').select(['reporter_id', 'reported_id', 'reported_username', 'reason']).orderBy('reason').execute();
    expect(reports).toEqual([
      { reporter_id: bob.id, reported_id: null, reported_username: 'Alice', reason: 'impersonation' },
      { reporter_id: null, reported_id: dave.id, reported_username: 'Dave', reason: 'spam' },
    ]);
  });

  it("exports the member's friends, requests, blocks and game results", async () => {
    const { alice, bob, carol, dave } = await fourMembersAliceAndBobFriends();
    const pending = await json<{ request: unknown }>(await alice.browser.request('POST', '/api/friends/requests', { toUserId: carol.id }));
    await alice.browser.request('POST', '/api/blocks', { userId: dave.id });
    await playGame(alice.browser, 2);

    const exported = await json<Record<string, unknown>>(await alice.browser.request('GET', '/api/me/export'));
    expect(exported).toMatchObject({
      friends: [{ id: bob.id, username: 'Bob', avatar: 'BO', profilePicture: '', since: '2026-03-01T12:00:00.000Z' }],
      friendRequests: { incoming: [], outgoing: [pending.request] },
      blocked: [{ id: dave.id, username: 'Dave', avatar: 'DA', profilePicture: '', blockedAt: '2026-03-01T12:00:00.000Z' }],
      gameResults: [{ game: 'hottakes', won: true, points: 130, messageCount: 7, playedAt: '2026-03-01T12:00:00.000Z' }],
    });
  });
});
