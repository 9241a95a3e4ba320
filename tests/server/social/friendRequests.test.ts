import { describe, expect, it } from 'vitest';
import { listFriendRequests } from '../../../server/social/friendRequests';
import { DATABASE_KINDS } from '../members/support/testDatabase';
import { askToBeFriends, expectAnswer, type FriendRequestWire, json, type Person, useWorld } from './support/world';

// Friend requests with consent: asking, the answers (accept, decline, cancel) and every refusal.

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe.each(DATABASE_KINDS)('friend requests on %s', (kind) => {
  const world = useWorld(kind);

  it('sends a pending request that both see, the receiver as incoming and the sender as outgoing', async () => {
    const [alice, bob] = await world.signUpEach('Alice', 'Bob');
    await world.setProfile(alice, { picture: 'data:image/png;base64,iVBORw0KGgo=' });

    const sent = await alice.browser.request('POST', '/api/friends/requests', { toUserId: bob.id });
    expect(sent.status).toBe(201);
    const { request } = await json<{ request: FriendRequestWire }>(sent);
    expect(request).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/) as unknown,
      from: { id: alice.id, username: 'Alice', avatar: 'AL', profilePicture: 'data:image/png;base64,iVBORw0KGgo=' },
      to: { id: bob.id, username: 'Bob', avatar: 'BO', profilePicture: '' },
      createdAt: '2026-03-01T12:00:00.000Z',
      status: 'pending',
    });

    // Bob has no profile yet, so neither can be scored: the list says so (null) rather than 0%.
    expect(await json(await bob.browser.request('GET', '/api/friends/requests'))).toEqual({ incoming: [{ ...request, match: null }], outgoing: [] });
    expect(await json(await alice.browser.request('GET', '/api/friends/requests'))).toEqual({ incoming: [], outgoing: [{ ...request, match: null }] });
    expect(await json(await alice.browser.request('GET', '/api/friends'))).toEqual({ friends: [] });
  });

  it('each listed request carries the viewer\'s match with the other member, the score Discover shows for them', async () => {
    const taste = { hobbies: 'hiking and film photography', musicGenres: ['Jazz', 'Rock'], favoriteGames: ['Celeste', 'Hades'], favoriteShows: ['Severance'] };
    const saveProfile = async (person: Person, lists: Partial<typeof taste>) => {
      const profile = { username: person.username, profilePicture: '', hobbies: '', musicGenres: [], favoriteGames: [], favoriteShows: [], ...lists, updatedAt: world.clock.now };
      expect((await person.browser.request('PUT', '/api/me/profile', profile)).status).toBe(200);
    };
    const [alice, bob, carol, dana] = await world.signUpEach('Alice', 'Bob', 'Carol', 'Dana');
    await saveProfile(alice, taste);
    await saveProfile(bob, taste);
    await saveProfile(carol, { musicGenres: ['Jazz'], favoriteGames: ['Tetris'] });
    await world.setProfile(dana, { visibility: 'private' });
    await saveProfile(dana, taste);
    await bob.browser.request('POST', '/api/friends/requests', { toUserId: alice.id });
    await alice.browser.request('POST', '/api/friends/requests', { toUserId: carol.id });
    await dana.browser.request('POST', '/api/friends/requests', { toUserId: alice.id });

    const lists = await json<{ incoming: (FriendRequestWire & { match: number | null })[]; outgoing: (FriendRequestWire & { match: number | null })[] }>(
      await alice.browser.request('GET', '/api/friends/requests'),
    );
    const matchOf = (requests: (FriendRequestWire & { match: number | null })[], username: string) =>
      requests.find((r) => r.from.username === username || r.to.username === username)?.match;
    const { cards } = await json<{ cards: { username: string; similarityScore: number }[] }>(await alice.browser.request('GET', '/api/discover'));
    const discoverScore = (username: string) => cards.find((card) => card.username === username)?.similarityScore;

    // Sharing everything is a high match; sharing one genre is a lower one; both exactly as Discover shows them.
    expect(matchOf(lists.incoming, 'Bob')).toBeGreaterThanOrEqual(80);
    expect(matchOf(lists.incoming, 'Bob')).toBe(discoverScore('Bob'));
    expect(matchOf(lists.outgoing, 'Carol')).toBeLessThan(matchOf(lists.incoming, 'Bob') ?? 0);
    expect(matchOf(lists.outgoing, 'Carol')).toBe(discoverScore('Carol'));
    // One score per pair: Bob sees the same percentage on his outgoing request.
    const bobs = await json<{ outgoing: (FriendRequestWire & { match: number | null })[] }>(await bob.browser.request('GET', '/api/friends/requests'));
    expect(bobs.outgoing[0]?.match).toBe(matchOf(lists.incoming, 'Bob'));
    // A friends-only member shows a non-friend no match, as Discover does not list them.
    expect(discoverScore('Dana')).toBeUndefined();
    expect(matchOf(lists.incoming, 'Dana')).toBeNull();
  });

  it('accepting makes both friends (since the accept) and removes the request', async () => {
    const [alice, bob] = await world.signUpEach('Alice', 'Bob');
    const { request } = await askToBeFriends(alice, bob);
    world.clock.now += 60_000;

    await expectAnswer(bob.browser.request('POST', `/api/friends/requests/${request.id}/accept`), 200, { friend: { id: alice.id, username: 'Alice', avatar: 'AL', profilePicture: '', since: '2026-03-01T12:01:00.000Z' } });

    expect(await json(await alice.browser.request('GET', '/api/friends'))).toEqual({
      friends: [{ id: bob.id, username: 'Bob', avatar: 'BO', profilePicture: '', since: '2026-03-01T12:01:00.000Z' }],
    });
    expect(await json(await bob.browser.request('GET', '/api/friends'))).toEqual({
      friends: [{ id: alice.id, username: 'Alice', avatar: 'AL', profilePicture: '', since: '2026-03-01T12:01:00.000Z' }],
    });
    expect(await json(await bob.browser.request('GET', '/api/friends/requests'))).toEqual({ incoming: [], outgoing: [] });
    await expectAnswer(bob.browser.request('POST', `/api/friends/requests/${request.id}/accept`), 404, { error: { code: 'REQUEST_NOT_FOUND', message: 'That friend request no longer exists.' } });
  });

  it('asking someone who already asked you accepts their request (200, accepted)', async () => {
    const [alice, bob] = await world.signUpEach('Alice', 'Bob');
    const { request } = await askToBeFriends(alice, bob);

    await expectAnswer(bob.browser.request('POST', '/api/friends/requests', { toUserId: alice.id }), 200, { request: { ...request, status: 'accepted' } });
    const friends = await json<{ friends: { id: string }[] }>(await alice.browser.request('GET', '/api/friends'));
    expect(friends.friends.map((f) => f.id)).toEqual([bob.id]);
    expect(await json(await alice.browser.request('GET', '/api/friends/requests'))).toEqual({ incoming: [], outgoing: [] });
  });

  it('declining (the receiver) and cancelling (the sender) delete the request: 204, no friendship', async () => {
    const [alice, bob] = await world.signUpEach('Alice', 'Bob');
    const first = await askToBeFriends(alice, bob);
    const declined = await bob.browser.request('POST', `/api/friends/requests/${first.request.id}/decline`);
    expect(declined.status).toBe(204);
    expect(await json(await alice.browser.request('GET', '/api/friends/requests'))).toEqual({ incoming: [], outgoing: [] });

    const second = await askToBeFriends(alice, bob);
    expect((await alice.browser.request('DELETE', `/api/friends/requests/${second.request.id}`)).status).toBe(204);
    expect(await json(await bob.browser.request('GET', '/api/friends/requests'))).toEqual({ incoming: [], outgoing: [] });
    expect(await json(await bob.browser.request('GET', '/api/friends'))).toEqual({ friends: [] });
  });

  it('refuses answers from anyone the answer is not theirs to give (403 NOT_YOUR_REQUEST)', async () => {
    const [alice, bob, carol] = await world.signUpEach('Alice', 'Bob', 'Carol');
    const { request } = await askToBeFriends(alice, bob);
    const refusal = { error: { code: 'NOT_YOUR_REQUEST', message: 'That friend request is not yours to answer.' } };

    for (const [who, method, path] of [
      [carol, 'POST', `/api/friends/requests/${request.id}/accept`],
      [carol, 'POST', `/api/friends/requests/${request.id}/decline`],
      [carol, 'DELETE', `/api/friends/requests/${request.id}`],
      [alice, 'POST', `/api/friends/requests/${request.id}/accept`],
      [alice, 'POST', `/api/friends/requests/${request.id}/decline`],
      [bob, 'DELETE', `/api/friends/requests/${request.id}`],
    ] as const) {
      const response = await who.browser.request(method, path);
      expect(response.status, `${who.username} ${method} ${path}`).toBe(403);
      expect(await json(response)).toEqual(refusal);
    }
    expect((await json<{ incoming: unknown[] }>(await bob.browser.request('GET', '/api/friends/requests'))).incoming).toHaveLength(1);
  });

  it('answers 404 REQUEST_NOT_FOUND for an unknown or malformed request id', async () => {
    const alice = await world.signUp('Alice');
    for (const [method, path] of [
      ['POST', `/api/friends/requests/${UNKNOWN_ID}/accept`],
      ['POST', `/api/friends/requests/${UNKNOWN_ID}/decline`],
      ['DELETE', `/api/friends/requests/${UNKNOWN_ID}`],
      ['POST', '/api/friends/requests/not-a-uuid/accept'],
      ['DELETE', "/api/friends/requests/1';drop table members;--"],
    ] as const) {
      const response = await alice.browser.request(method, path);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(await json(response)).toEqual({ error: { code: 'REQUEST_NOT_FOUND', message: 'That friend request no longer exists.' } });
    }
  });

  it('refuses requests to yourself, to unknown or malformed ids, duplicates and existing friends', async () => {
    const [alice, bob] = await world.signUpEach('Alice', 'Bob');
    const ask = (toUserId: unknown) => alice.browser.request('POST', '/api/friends/requests', { toUserId });

    await expectAnswer(ask(alice.id), 400, { error: { code: 'CANNOT_REQUEST_SELF', message: 'You cannot send a friend request to yourself.' } });

    for (const id of [UNKNOWN_ID, 'user-1', 'not-a-uuid']) {
      await expectAnswer(ask(id), 404, { error: { code: 'NOT_FOUND', message: 'That person could not be found.' } }, id);
    }

    expect((await ask(bob.id)).status).toBe(201);
    await expectAnswer(ask(bob.id), 409, { error: { code: 'REQUEST_EXISTS', message: 'A friend request is already waiting.' } });

    const { incoming } = await json<{ incoming: FriendRequestWire[] }>(await bob.browser.request('GET', '/api/friends/requests'));
    await bob.browser.request('POST', `/api/friends/requests/${incoming[0]?.id ?? ''}/accept`);
    await expectAnswer(ask(bob.id), 409, { error: { code: 'ALREADY_FRIENDS', message: 'You are already friends.' } });
  });

  it('refuses a body without a toUserId with 400 INVALID_REQUEST', async () => {
    const alice = await world.signUp('Alice');
    for (const body of [{}, { toUserId: 5 }, { toUserId: 'x'.repeat(101) }]) {
      await expectAnswer(alice.browser.request('POST', '/api/friends/requests', body), 400, { error: { code: 'INVALID_REQUEST', message: 'That request could not be understood.' } });
    }
  });

  it('two accepts at once make one friendship: one 200, one 404', async () => {
    const [alice, bob] = await world.signUpEach('Alice', 'Bob');
    const { request } = await askToBeFriends(alice, bob);

    const answers = await Promise.all([1, 2, 3].map(() => bob.browser.request('POST', `/api/friends/requests/${request.id}/accept`)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 404, 404]);
    for (const late of answers.filter((r) => r.status === 404)) {
      expect(await json(late)).toEqual({ error: { code: 'REQUEST_NOT_FOUND', message: 'That friend request no longer exists.' } });
    }
    const rows = await world.database.db.selectFrom('friendships').selectAll().execute();
    expect(rows).toHaveLength(1);
  });

  it('two members asking each other at once end as friends once, with no request left', async () => {
    const [alice, bob] = await world.signUpEach('Alice', 'Bob');

    const [fromAlice, fromBob] = await Promise.all([
      alice.browser.request('POST', '/api/friends/requests', { toUserId: bob.id }),
      bob.browser.request('POST', '/api/friends/requests', { toUserId: alice.id }),
    ]);
    expect([fromAlice.status, fromBob.status].sort()).toEqual([200, 201]);
    expect(await world.database.db.selectFrom('friendships').selectAll().execute()).toHaveLength(1);
    expect(await world.database.db.selectFrom('friend_requests').selectAll().execute()).toHaveLength(0);
  });

  it('the same request sent twice at once is stored once: one 201, one 409', async () => {
    const [alice, bob] = await world.signUpEach('Alice', 'Bob');
    const answers = await Promise.all([1, 2].map(() => alice.browser.request('POST', '/api/friends/requests', { toUserId: bob.id })));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await world.database.db.selectFrom('friend_requests').selectAll().execute()).toHaveLength(1);
  });

  it('limits request creations to 30 an hour per member (429 with Retry-After), counted across answers', async () => {
    const alice = await world.signUp('Alice');
    const others = [];
    for (let i = 0; i < 31; i += 1) others.push(await world.signUp(`Person${i}`));

    for (let i = 0; i < 30; i += 1) {
      const other = others[i];
      if (!other) throw new Error('missing member');
      const sent = await askToBeFriends(alice, other);
      // Declined requests are gone but still count.
      await other.browser.request('POST', `/api/friends/requests/${sent.request.id}/decline`);
      world.clock.now += 60_000;
    }
    const last = others[30];
    if (!last) throw new Error('missing member');
    const limited = await alice.browser.request('POST', '/api/friends/requests', { toUserId: last.id });
    expect(limited.status).toBe(429);
    // The first request was sent 30 minutes ago: it leaves the hour in 1,800 s.
    expect(limited.headers.get('Retry-After')).toBe('1800');
    expect(await json(limited)).toEqual({ error: { code: 'TOO_MANY_REQUESTS', message: 'You are doing that too often. Please wait a while and try again.' } });

    world.clock.now += 1_800_000;
    expect((await alice.browser.request('POST', '/api/friends/requests', { toUserId: last.id })).status).toBe(201);
  });

  it('shows a private sender their own picture in the request they send, and the receiver once asking back makes them friends', async () => {
    const [alice, bob] = await world.signUpEach('Alice', 'Bob');
    await world.setProfile(alice, { picture: 'data:image/png;base64,iVBORw0KGgo=', visibility: 'private' });
    const sent = await askToBeFriends(alice, bob);
    expect(sent.request.from.profilePicture).toBe('data:image/png;base64,iVBORw0KGgo=');
    const { incoming } = await json<{ incoming: FriendRequestWire[] }>(await bob.browser.request('GET', '/api/friends/requests'));
    expect(incoming.map((r) => r.from.profilePicture)).toEqual(['']);

    const back = await askToBeFriends(bob, alice);
    expect(back.request.status).toBe('accepted');
    expect(back.request.from).toEqual({ id: alice.id, username: 'Alice', avatar: 'AL', profilePicture: 'data:image/png;base64,iVBORw0KGgo=' });
  });

  it('shows the receiver a private sender\'s picture in the friend that accepting makes', async () => {
    const [alice, bob] = await world.signUpEach('Alice', 'Bob');
    await world.setProfile(alice, { picture: 'data:image/png;base64,iVBORw0KGgo=', visibility: 'private' });
    const { request } = await askToBeFriends(alice, bob);
    const accepted = await json<{ friend: { profilePicture: string } }>(await bob.browser.request('POST', `/api/friends/requests/${request.id}/accept`));
    expect(accepted.friend.profilePicture).toBe('data:image/png;base64,iVBORw0KGgo=');
  });

  it('lists no requests for a member that does not exist', async () => {
    await world.signUp('Alice');
    expect(await listFriendRequests(world.database.db, UNKNOWN_ID)).toEqual({ incoming: [], outgoing: [] });
  });
});
