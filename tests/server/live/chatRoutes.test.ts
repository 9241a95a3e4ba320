import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSession } from '../../../server/members/sessions';
import { browser } from '../members/support/browser';
import { DATABASE_KINDS } from '../members/support/testDatabase';
import { json, useChatWorld } from './support/chatWorld';
import { memberWithFriends, twoFriends, type TestMember } from '../social/support/members';

// The chat routes over HTTP: who may read which history, history a page at a time, and the conversation
// list with unread counts. Messages are sent and marked read on the socket (the chat feature), as the app does.

const NOT_FRIENDS = { error: { code: 'NOT_FRIENDS', message: 'You can only message your friends.' } };

interface Message {
  id: string;
  clientId: string;
  from: string;
  to: string;
  text: string;
  sentAt: string;
  deliveredAt: string | null;
  readAt: string | null;
}

describe.each(DATABASE_KINDS)('chat routes on %s', (kind) => {
  const world = useChatWorld(kind);

  it('shows a message sent to a friend, trimmed, in both histories', async () => {
    const [alice, bob] = await twoFriends(world, 'Alice', 'Bob');

    const message = await world.send(alice, bob, 'c-1', '  hi Bob  ');
    expect(message).toEqual({
      id: expect.stringMatching(/^[0-9]+$/) as string,
      clientId: 'c-1',
      from: alice.id,
      to: bob.id,
      text: 'hi Bob',
      sentAt: '2026-03-01T12:00:00.000Z',
      deliveredAt: null,
      readAt: null,
    });
    expect(await json(await bob.browser.request('GET', `/api/chats/${alice.id}/messages`))).toEqual({ messages: [message], hasMore: false });
    expect(await json(await alice.browser.request('GET', `/api/chats/${bob.id}/messages`))).toEqual({ messages: [message], hasMore: false });
  });

  it('stores the same client id once: a repeat answers the first message', async () => {
    const [alice, bob] = await twoFriends(world, 'Alice', 'Bob');
    const first = await world.send(alice, bob, 'same', 'once');
    world.clock.now += 5_000;

    expect(await world.send(alice, bob, 'same', 'once')).toMatchObject({ id: first.id, sentAt: '2026-03-01T12:00:00.000Z' });
    const history = await json<{ messages: Message[] }>(await bob.browser.request('GET', `/api/chats/${alice.id}/messages`));
    expect(history.messages.map((m) => m.text)).toEqual(['once']);
  });

  it('refuses the history of members who are not friends (403 NOT_FRIENDS), also for nobody and yourself', async () => {
    const alice = await world.member('Alice');
    const carol = await world.member('Carol');

    for (const id of [carol.id, 'nobody', alice.id]) {
      const history = await alice.browser.request('GET', `/api/chats/${id}/messages`);
      expect(history.status, id).toBe(403);
      expect(await json(history), id).toEqual(NOT_FRIENDS);
    }
  });

  it('refuses a blocked pair both ways: the blocker hears 403 BLOCKED, the blocked member what a stranger hears', async () => {
    const [alice, bob] = await twoFriends(world, 'Alice', 'Bob');
    expect((await bob.browser.request('POST', '/api/blocks', { userId: alice.id })).status).toBe(201);

    const historyOfBlocker = await bob.browser.request('GET', `/api/chats/${alice.id}/messages`);
    expect(historyOfBlocker.status).toBe(403);
    expect(await json(historyOfBlocker)).toEqual({ error: { code: 'BLOCKED', message: 'You cannot message this person.' } });
    const historyOfBlocked = await alice.browser.request('GET', `/api/chats/${bob.id}/messages`);
    expect(historyOfBlocked.status).toBe(403);
    expect(await json(historyOfBlocked)).toEqual({ error: { code: 'NOT_FRIENDS', message: 'You can only message your friends.' } });
  });

  it('answers 401 without a session and 400 for a bad cursor', async () => {
    const [alice, bob] = await twoFriends(world, 'Alice', 'Bob');
    alice.browser.setSession(undefined);
    expect((await alice.browser.request('GET', '/api/chats')).status).toBe(401);
    expect((await alice.browser.request('GET', `/api/chats/${bob.id}/messages`)).status).toBe(401);

    const response = await bob.browser.request('GET', `/api/chats/${alice.id}/messages?before=abc`);
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ error: { code: 'INVALID_REQUEST', message: 'That request could not be understood.' } });
  });

  it('has no HTTP route to send or to mark read: the app does both on the socket', async () => {
    const [alice, bob] = await twoFriends(world, 'Alice', 'Bob');
    for (const [path, body] of [
      [`/api/chats/${bob.id}/messages`, { clientId: 'c-1', text: 'hi' }],
      [`/api/chats/${bob.id}/read`, { upTo: '1' }],
    ] as const) {
      const response = await alice.browser.request('POST', path, body);
      expect(response.status, path).toBe(404);
      expect(await json(response), path).toEqual({ error: { code: 'NOT_FOUND', message: 'No such API route.' } });
    }
    expect(await world.database.db.selectFrom('messages').selectAll().execute()).toEqual([]);
  });

  it('limits a member to 20 messages in 10 s (TOO_MANY_MESSAGES)', async () => {
    const [alice, bob] = await twoFriends(world, 'Alice', 'Bob');
    for (let i = 0; i < 20; i++) await world.send(alice, bob, `m-${i}`, `message ${i}`);
    const tooMany = [{ type: 'error', code: 'TOO_MANY_MESSAGES', message: 'You are sending messages too fast. Please slow down.', clientId: 'm-20' }];
    const refusedTab = await world.connect(alice);

    await world.frame(refusedTab, { type: 'send', to: bob.id, clientId: 'm-20', text: 'one too many' });
    expect(refusedTab.frames.filter((frame) => frame.type === 'error')).toEqual(tooMany);
    // A retry of a stored message is still answered.
    expect(await world.send(alice, bob, 'm-3', 'message 3')).toMatchObject({ text: 'message 3' });

    world.clock.now += 2_500;
    const soonerTab = await world.connect(alice);
    await world.frame(soonerTab, { type: 'send', to: bob.id, clientId: 'm-20', text: 'one too many' });
    expect(soonerTab.frames.filter((frame) => frame.type === 'error')).toEqual(tooMany);
    // Exactly 10 s after the first 20, they are out of the window.
    world.clock.now += 7_500;
    await world.send(alice, bob, 'm-20', 'later');
  });

  it('pages history 50 at a time, oldest first, with hasMore', async () => {
    const [alice, bob] = await twoFriends(world, 'Alice', 'Bob');
    const rows = Array.from({ length: 120 }, (_, i) => {
      const [from, to] = i % 2 === 0 ? [alice, bob] : [bob, alice];
      return { sender_id: from.id, recipient_id: to.id, client_id: `c-${i}`, text: `message ${i}`, sent_at: new Date(world.clock.now + i * 1000) };
    });
    await world.database.db.insertInto('messages').values(rows).execute();

    const texts = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => `message ${from + k}`);
    const newest = await json<{ messages: Message[]; hasMore: boolean }>(await alice.browser.request('GET', `/api/chats/${bob.id}/messages`));
    expect(newest.messages.map((m) => m.text)).toEqual(texts(70, 120));
    expect(newest.hasMore).toBe(true);
    const before = newest.messages[0]?.id ?? '';
    const middle = await json<{ messages: Message[]; hasMore: boolean }>(await bob.browser.request('GET', `/api/chats/${alice.id}/messages?before=${before}`));
    expect(middle.messages.map((m) => m.text)).toEqual(texts(20, 70));
    expect(middle.hasMore).toBe(true);
    const oldest = await json<{ messages: Message[]; hasMore: boolean }>(await bob.browser.request('GET', `/api/chats/${alice.id}/messages?before=${middle.messages[0]?.id ?? ''}`));
    expect(oldest.messages.map((m) => m.text)).toEqual(texts(0, 20));
    expect(oldest.hasMore).toBe(false);
  });

  it('says there is no more history when exactly 50 messages were exchanged', async () => {
    const [alice, bob] = await twoFriends(world, 'Alice', 'Bob');
    const rows = Array.from({ length: 50 }, (_, i) => ({
      sender_id: alice.id,
      recipient_id: bob.id,
      client_id: `c-${i}`,
      text: `message ${i}`,
      sent_at: new Date(world.clock.now + i * 1000),
    }));
    await world.database.db.insertInto('messages').values(rows).execute();
    const page = await json<{ messages: Message[]; hasMore: boolean }>(await bob.browser.request('GET', `/api/chats/${alice.id}/messages`));
    expect(page.messages).toHaveLength(50);
    expect(page.hasMore).toBe(false);
    for (const before of ['x12', '12x']) {
      expect((await bob.browser.request('GET', `/api/chats/${alice.id}/messages?before=${before}`)).status, before).toBe(400);
    }
  });

  it("takes a friend's id in capital letters for history, and for sends and reads on the socket", async () => {
    // Fixed ids whose order flips when one is written in capitals ('a' < 'b' but 'B' < 'a').
    const withId = async (id: string, username: string): Promise<TestMember> => {
      await world.database.db.insertInto('members').values({ id, username, email: `${username.toLowerCase()}@example.com`, password_hash: 'not-a-real-hash' }).execute();
      const member = { id, username, browser: browser(world.app) };
      member.browser.setSession((await createSession(world.database.db, id, Date.now())).id);
      return member;
    };
    const alice = await withId('a0000000-0000-4000-8000-000000000001', 'Alice');
    const bob = await withId('b0000000-0000-4000-8000-000000000002', 'Bob');
    await world.befriend(alice, bob);
    const shouted = bob.id.toUpperCase();
    const message = await world.send(alice, shouted, 'c-1', 'hi');
    expect(message).toMatchObject({ from: alice.id, to: bob.id, text: 'hi' });
    const history = await json<{ messages: Message[] }>(await alice.browser.request('GET', `/api/chats/${shouted}/messages`));
    expect(history.messages.map((m) => m.id)).toEqual([message.id]);
    expect(await world.read(bob, alice.id.toUpperCase(), message.id)).toEqual([]);
    const read = await json<{ messages: Message[] }>(await bob.browser.request('GET', `/api/chats/${alice.id}/messages`));
    expect(read.messages.map((m) => m.readAt === null)).toEqual([false]);
  });

  it('keeps other conversations out of a history', async () => {
    const [alice, bob, carol] = await memberWithFriends(world, 'Alice', 'Bob', 'Carol');
    await world.befriend(bob, carol);
    await world.send(alice, bob, 'a', 'to Bob');
    await world.send(alice, carol, 'b', 'to Carol');
    await world.send(carol, bob, 'c', 'Carol to Bob');
    const history = await json<{ messages: Message[] }>(await bob.browser.request('GET', `/api/chats/${alice.id}/messages`));
    expect(history.messages.map((m) => m.text)).toEqual(['to Bob']);
  });

  it('lists conversations newest first with unread counts, and a read mark clears them', async () => {
    const [alice, bob, carol] = await memberWithFriends(world, 'Alice', 'Bob', 'Carol', 'Dave');
    const fromBob = await world.send(bob, alice, 'b1', 'one');
    await world.send(bob, alice, 'b2', 'two');
    world.clock.now += 60_000;
    await world.send(carol, alice, 'c1', 'hey');
    world.clock.now += 60_000;
    await world.send(alice, bob, 'a1', 'back to Bob');

    const list = await json<{ conversations: unknown[] }>(await alice.browser.request('GET', '/api/chats'));
    expect(list.conversations).toEqual([
      { friendId: bob.id, username: 'Bob', picture: null, lastMessage: { from: alice.id, text: 'back to Bob', sentAt: '2026-03-01T12:02:00.000Z' }, unread: 2, online: false, muted: false },
      { friendId: carol.id, username: 'Carol', picture: null, lastMessage: { from: carol.id, text: 'hey', sentAt: '2026-03-01T12:01:00.000Z' }, unread: 1, online: false, muted: false },
    ]);

    // Reading up to the first of Bob's two leaves the second unread.
    expect(await world.read(alice, bob.id, fromBob.id)).toEqual([]);
    const after = await json<{ conversations: { friendId: string; unread: number }[] }>(await alice.browser.request('GET', '/api/chats'));
    expect(after.conversations.map((c) => [c.friendId, c.unread])).toEqual([
      [bob.id, 1],
      [carol.id, 1],
    ]);
    const history = await json<{ messages: Message[] }>(await bob.browser.request('GET', `/api/chats/${alice.id}/messages`));
    expect(history.messages.map((m) => [m.text, m.readAt, m.deliveredAt])).toEqual([
      ['one', '2026-03-01T12:02:00.000Z', '2026-03-01T12:02:00.000Z'],
      ['two', null, null],
      ['back to Bob', null, null],
    ]);
    // Bob's own view: nothing unread from Alice until he reads.
    const bobs = await json<{ conversations: { friendId: string; unread: number }[] }>(await bob.browser.request('GET', '/api/chats'));
    expect(bobs.conversations.map((c) => [c.friendId, c.unread])).toEqual([[alice.id, 1]]);
  });

  it("shows a friend's picture and online status only while connected and allowed", async () => {
    const [alice, bob] = await twoFriends(world, 'Alice', 'Bob');
    await world.send(bob, alice, 'b1', 'hi');
    await world.database.db
      .insertInto('profiles')
      .values({ member_id: bob.id, data: JSON.stringify({ profilePicture: 'data:image/png;base64,AAAA' }), updated_at: 1, visibility: 'private' })
      .execute();
    const seenAt = new Date(world.clock.now - 30_000);
    await world.database.db.insertInto('live_connections').values({ id: randomUUID(), server_id: 's1', member_id: bob.id, seen_at: seenAt }).execute();
    const bobSeenBy = async () => (await json<{ conversations: { picture: string | null; online: boolean }[] }>(await alice.browser.request('GET', '/api/chats'))).conversations[0];

    expect(await bobSeenBy()).toMatchObject({ picture: 'data:image/png;base64,AAAA', online: true });
    await world.database.db.updateTable('profiles').set({ show_online: false }).where('member_id', '=', bob.id).execute();
    expect(await bobSeenBy()).toMatchObject({ online: false });
    await world.database.db.updateTable('profiles').set({ show_online: true }).where('member_id', '=', bob.id).execute();
    // A connection not refreshed for 60 s belongs to a server that died.
    world.clock.now += 30_001;
    expect(await bobSeenBy()).toMatchObject({ online: false });
  });

  it('keeps a conversation, readable, when the friendship ends; a stranger still has none', async () => {
    const [alice, bob] = await twoFriends(world, 'Alice', 'Bob');
    const carol = await world.member('Carol');
    await world.send(bob, alice, 'b1', 'hi');
    expect((await alice.browser.request('DELETE', `/api/friends/${bob.id}`)).status).toBe(204);
    const listed = await json<{ conversations: { friendId: string; lastMessage: { text: string } }[] }>(await alice.browser.request('GET', '/api/chats'));
    expect(listed.conversations.map((c) => [c.friendId, c.lastMessage.text])).toEqual([[bob.id, 'hi']]);
    const history = await json<{ messages: { text: string }[] }>(await alice.browser.request('GET', `/api/chats/${bob.id}/messages`));
    expect(history.messages.map((m) => m.text)).toEqual(['hi']);
    expect((await carol.browser.request('GET', `/api/chats/${alice.id}/messages`)).status).toBe(403);
  });

  it('takes a conversation away from the blocker only, and gives it back on unblock', async () => {
    const [alice, bob] = await twoFriends(world, 'Alice', 'Bob');
    await world.send(bob, alice, 'b1', 'hi');
    expect((await alice.browser.request('POST', '/api/blocks', { userId: bob.id })).status).toBe(201);
    expect(await json(await alice.browser.request('GET', '/api/chats'))).toEqual({ conversations: [] });
    const refused = await alice.browser.request('GET', `/api/chats/${bob.id}/messages`);
    expect(refused.status).toBe(403);
    expect(await json(refused)).toEqual({ error: { code: 'BLOCKED', message: 'You cannot message this person.' } });
    const bobs = await json<{ conversations: { friendId: string }[] }>(await bob.browser.request('GET', '/api/chats'));
    expect(bobs.conversations.map((c) => c.friendId)).toEqual([alice.id]);
    expect((await alice.browser.request('DELETE', `/api/blocks/${bob.id}`)).status).toBe(204);
    const back = await json<{ conversations: { friendId: string }[] }>(await alice.browser.request('GET', '/api/chats'));
    expect(back.conversations.map((c) => c.friendId)).toEqual([bob.id]);
  });
});
