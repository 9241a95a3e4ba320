import { describe, expect, it } from 'vitest';
import { browser } from '../members/support/browser';
import { DATABASE_KINDS } from '../members/support/testDatabase';
import { befriend, expectAnswer, json, type Person, useWorld } from './support/world';

// 'Privacy and safety' (GET and PUT /api/me/safety) and 'Who can send you friend requests' as the
// server enforces it: a refused request answers exactly what an unknown id answers, and the refused
// member's view of the person says 'closed' and nothing more.

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const DEFAULTS = { friendRequests: 'everyone', sendReadReceipts: true, sendTypingIndicator: true, showReadReceipts: true };
const INVALID = { error: { code: 'INVALID_REQUEST', message: 'That request could not be understood.' } };
const NOT_FOUND = { error: { code: 'NOT_FOUND', message: 'That person could not be found.' } };

describe.each(DATABASE_KINDS)("'Privacy and safety' on %s", (kind) => {
  const world = useWorld(kind);

  const putSafety = (person: Person, body: unknown) => person.browser.request('PUT', '/api/me/safety', body);
  const ask = (from: Person, toUserId: string) => from.browser.request('POST', '/api/friends/requests', { toUserId });
  const relationSeenBy = async (viewer: Person, other: Person) =>
    (await json<{ relation: string }>(await viewer.browser.request('GET', `/api/members/${other.id}`))).relation;
  const requestRows = async () => (await world.database.db.selectFrom('friend_requests').selectAll().execute()).length;

  it('answers the defaults, applies any subset and keeps it; 401 without a session', async () => {
    const [alice] = await world.signUpEach('Alice');
    await expectAnswer(alice.browser.request('GET', '/api/me/safety'), 200, DEFAULTS);
    await expectAnswer(putSafety(alice, { friendRequests: 'noOne' }), 200, { ...DEFAULTS, friendRequests: 'noOne' });
    await expectAnswer(putSafety(alice, { sendReadReceipts: false, sendTypingIndicator: false }), 200, {
      friendRequests: 'noOne',
      sendReadReceipts: false,
      sendTypingIndicator: false,
      showReadReceipts: true,
    });
    await expectAnswer(putSafety(alice, { showReadReceipts: false }), 200, {
      friendRequests: 'noOne',
      sendReadReceipts: false,
      sendTypingIndicator: false,
      showReadReceipts: false,
    });
    await expectAnswer(alice.browser.request('GET', '/api/me/safety'), 200, {
      friendRequests: 'noOne',
      sendReadReceipts: false,
      sendTypingIndicator: false,
      showReadReceipts: false,
    });

    const stranger = browser(world.app);
    expect((await stranger.request('GET', '/api/me/safety')).status).toBe(401);
    expect((await stranger.request('PUT', '/api/me/safety', { friendRequests: 'noOne' })).status).toBe(401);
  });

  it("'Download my data' includes them", async () => {
    const [alice] = await world.signUpEach('Alice');
    await putSafety(alice, { friendRequests: 'friendsOfFriends', sendTypingIndicator: false, showReadReceipts: false });
    expect(await json<Record<string, unknown>>(await alice.browser.request('GET', '/api/me/export'))).toMatchObject({
      privacySafety: { friendRequests: 'friendsOfFriends', sendReadReceipts: true, sendTypingIndicator: false, showReadReceipts: false },
    });
  });

  it('refuses unknown values, unknown keys, an empty change, NUL and a huge body, and keeps what it had', async () => {
    const [alice] = await world.signUpEach('Alice');
    const refused: unknown[] = [
      { friendRequests: 'friends' },
      { friendRequests: 'Everyone' },
      { friendRequests: 'noOne\u0000' },
      { friendRequests: '\u0000' },
      { sendReadReceipts: 'false' },
      { sendTypingIndicator: 0 },
      { sendReadReceipts: null },
      { showReadReceipts: 'off' },
      { showReadReceipts: 1 },
      { showReadReceipts: true, show_read_receipts: false },
      { friendRequests: 'noOne', admin: true },
      {},
      [],
      'noOne',
      null,
      { friendRequests: 'x'.repeat(10_000) },
    ];
    for (const body of refused) await expectAnswer(putSafety(alice, body), 400, INVALID, JSON.stringify(body).slice(0, 60));

    const huge = await putSafety(alice, { friendRequests: 'noOne', padding: 'x'.repeat(70 * 1024) });
    expect(huge.status).toBe(413);
    const notJson = await alice.browser.request('PUT', '/api/me/safety', undefined, { 'Content-Type': 'application/json' });
    expect(notJson.status).toBe(400);
    const forged = browser(world.app, { origin: 'https://evil.example' });
    forged.setSession(alice.browser.session());
    expect((await forged.request('PUT', '/api/me/safety', { friendRequests: 'noOne' })).status).toBe(403);

    await expectAnswer(alice.browser.request('GET', '/api/me/safety'), 200, DEFAULTS);
  });

  it("'No one': a request answers what an unknown id answers, creates nothing, and the card says 'closed'", async () => {
    const [alice, bob] = await world.signUpEach('Alice', 'Bob');
    await putSafety(bob, { friendRequests: 'noOne' });

    const unknown = await ask(alice, UNKNOWN_ID);
    const refused = await ask(alice, bob.id);
    expect(refused.status).toBe(unknown.status);
    expect(refused.status).toBe(404);
    const [refusedBody, unknownBody] = [await refused.text(), await unknown.text()];
    expect(refusedBody).toBe(unknownBody);
    expect(JSON.parse(refusedBody)).toEqual(NOT_FOUND);
    // Every header alike but the request's own id.
    const headers = (response: Response) => [...response.headers.entries()].filter(([name]) => name !== 'x-request-id');
    expect(headers(refused)).toEqual(headers(unknown));
    expect(await requestRows()).toBe(0);

    expect(await relationSeenBy(alice, bob)).toBe('closed');
    // Bob still sees Alice as anyone would, and may still ask her.
    expect(await relationSeenBy(bob, alice)).toBe('none');
    expect((await ask(bob, alice.id)).status).toBe(201);
  });

  it("'No one' still lets them accept a request of their own by asking back, and leaves friends as friends", async () => {
    const [alice, bob, carol] = await world.signUpEach('Alice', 'Bob', 'Carol');
    expect((await ask(bob, alice.id)).status).toBe(201);
    await befriend(bob, carol);
    await putSafety(bob, { friendRequests: 'noOne' });

    expect(await relationSeenBy(alice, bob)).toBe('incoming');
    expect((await ask(alice, bob.id)).status).toBe(200);
    expect(await relationSeenBy(alice, bob)).toBe('friends');
    expect(await relationSeenBy(carol, bob)).toBe('friends');
    await expectAnswer(ask(carol, bob.id), 409, { error: { code: 'ALREADY_FRIENDS', message: expect.any(String) as unknown } });
  });

  it("'Friends of friends' lets in exactly those with a friend in common", async () => {
    const [alice, bob, carol, dave] = await world.signUpEach('Alice', 'Bob', 'Carol', 'Dave');
    await befriend(alice, carol);
    await befriend(carol, bob);
    await putSafety(bob, { friendRequests: 'friendsOfFriends' });

    expect(await relationSeenBy(dave, bob)).toBe('closed');
    expect(await relationSeenBy(alice, bob)).toBe('none');
    const unknown = await ask(dave, UNKNOWN_ID);
    const refused = await ask(dave, bob.id);
    expect([refused.status, await refused.text()]).toEqual([unknown.status, await unknown.text()]);
    expect((await ask(alice, bob.id)).status).toBe(201);

    // Once Dave and Carol are friends, Dave has a friend in common with Bob too.
    await befriend(dave, carol);
    expect(await relationSeenBy(dave, bob)).toBe('none');
    expect((await ask(dave, bob.id)).status).toBe(201);
  });

  it("back to 'Everyone' lets requests in again", async () => {
    const [alice, bob] = await world.signUpEach('Alice', 'Bob');
    await putSafety(bob, { friendRequests: 'noOne' });
    expect((await ask(alice, bob.id)).status).toBe(404);
    await putSafety(bob, { friendRequests: 'everyone' });
    expect(await relationSeenBy(alice, bob)).toBe('none');
    expect((await ask(alice, bob.id)).status).toBe(201);
  });

  it("400 requests at once to a 'No one' member create nothing", async () => {
    const [alice, bob] = await world.signUpEach('Alice', 'Bob');
    await putSafety(bob, { friendRequests: 'noOne' });
    const answers = await Promise.all(Array.from({ length: 400 }, () => ask(alice, bob.id)));
    expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([404]));
    expect(await requestRows()).toBe(0);
    expect(await world.database.db.selectFrom('friendships').selectAll().execute()).toEqual([]);
  }, 120_000);
});
