import { describe, expect, it } from 'vitest';
import { browser } from '../members/support/browser';
import { DATABASE_KINDS } from '../members/support/testDatabase';
import { json, useChatWorld } from './support/chatWorld';
import { twoFriends, type TestMember } from '../social/support/members';

// Muting a chat (GET, PUT and DELETE /api/chats/:memberId/mute), kept on the server: a message to
// someone who muted its sender's chat reaches their tabs marked muted (no notice, sound or browser
// notification), the conversation still counts its unread and says it is muted, and every other tab
// hears of the change. Nobody else learns anything: unknown, self and blocked ids answer alike.

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const NOT_FOUND = { error: { code: 'NOT_FOUND', message: 'That person could not be found.' } };

describe.each(DATABASE_KINDS)('Muting a chat on %s', (kind) => {
  const world = useChatWorld(kind);

  const mute = (member: TestMember, id: string) => member.browser.request('PUT', `/api/chats/${id}/mute`);
  const unmute = (member: TestMember, id: string) => member.browser.request('DELETE', `/api/chats/${id}/mute`);
  const muteState = async (member: TestMember, id: string) => json<unknown>(await member.browser.request('GET', `/api/chats/${id}/mute`));
  const conversationWith = async (viewer: TestMember, friend: TestMember) =>
    (await json<{ conversations: { friendId: string; unread: number; muted: boolean }[] }>(await viewer.browser.request('GET', '/api/chats'))).conversations.find(
      (c) => c.friendId === friend.id,
    );

  it('mutes and unmutes, and says so on GET and in the conversation list, where the unread still counts', async () => {
    const [alice, bob] = await twoFriends(world, 'Alice', 'Bob');
    expect(await muteState(alice, bob.id)).toEqual({ muted: false });
    const muted = await mute(alice, bob.id.toUpperCase());
    expect([muted.status, await muted.json()]).toEqual([200, { muted: true }]);
    expect(await muteState(alice, bob.id)).toEqual({ muted: true });
    // Muting again changes nothing.
    expect(await json<unknown>(await mute(alice, bob.id))).toEqual({ muted: true });

    await world.send(bob, alice, 'b-1', 'one');
    await world.send(bob, alice, 'b-2', 'two');
    expect(await conversationWith(alice, bob)).toMatchObject({ unread: 2, muted: true });
    // Bob is told nothing: his side of the conversation is as it was.
    expect(await conversationWith(bob, alice)).toMatchObject({ unread: 0, muted: false });
    expect(await muteState(bob, alice.id)).toEqual({ muted: false });

    const unmuted = await unmute(alice, bob.id);
    expect([unmuted.status, await unmuted.json()]).toEqual([200, { muted: false }]);
    expect(await conversationWith(alice, bob)).toMatchObject({ unread: 2, muted: false });
    expect(await json<unknown>(await unmute(alice, bob.id))).toEqual({ muted: false });
  });

  it("a message to a muted chat reaches the member's tabs marked muted; the sender's tabs and an unmuted chat's are not", async () => {
    const [alice, bob] = await twoFriends(world, 'Alice', 'Bob');
    const aliceTab = await world.connect(alice);
    const bobTab = await world.connect(bob);
    await mute(alice, bob.id);

    await world.frame(bobTab, { type: 'send', to: alice.id, clientId: 'b-1', text: 'hush' });
    const [heard] = aliceTab.framesOf('message');
    expect(heard).toMatchObject({ type: 'message', muted: true, message: { text: 'hush', from: bob.id } });
    // Alice's own messages to Bob are not muted for Bob.
    await world.frame(aliceTab, { type: 'send', to: bob.id, clientId: 'a-1', text: 'hello' });
    // Bob's tab also hears his own message echoed (unmarked: nobody mutes their own messages).
    expect(bobTab.framesOf('message').map((f) => [f.message.text, 'muted' in f])).toEqual([
      ['hush', false],
      ['hello', false],
    ]);

    await unmute(alice, bob.id);
    await world.frame(bobTab, { type: 'send', to: alice.id, clientId: 'b-2', text: 'loud' });
    expect(aliceTab.framesOf('message').map((f) => [f.message.text, f.muted ?? false])).toEqual([
      ['hush', true],
      ['hello', false],
      ['loud', false],
    ]);
  });

  it('tells every server of each change (only ids cross), naming the member and the chat', async () => {
    const [alice, bob] = await twoFriends(world, 'Alice', 'Bob');
    await mute(alice, bob.id);
    await unmute(alice, bob.id);
    await world.settle();
    expect(world.bus.published.filter((event) => event.kind === 'muteChanged')).toEqual([
      { kind: 'muteChanged', memberId: alice.id, friendId: bob.id, muted: true },
      { kind: 'muteChanged', memberId: alice.id, friendId: bob.id, muted: false },
    ]);
  });

  it('answers an unknown id, a malformed or NUL-laden one, oneself and a block either way exactly alike, and stores nothing', async () => {
    const [alice, bob] = await twoFriends(world, 'Alice', 'Bob');
    const [carol, dave] = await twoFriends(world, 'Carol', 'Dave');
    // Carol blocked Alice; Alice blocked Dave.
    await world.database.db.insertInto('blocks').values([{ blocker_id: carol.id, blocked_id: alice.id, created_at: new Date() }, { blocker_id: alice.id, blocked_id: dave.id, created_at: new Date() }]).execute();
    const unknown = await mute(alice, UNKNOWN_ID);
    const unknownBody = await unknown.text();
    expect([unknown.status, JSON.parse(unknownBody)]).toEqual([404, NOT_FOUND]);
    for (const id of [carol.id, dave.id, alice.id, 'not-an-id', encodeURIComponent(`${bob.id}\u0000`), '%00', 'x'.repeat(5_000)]) {
      for (const call of [mute, unmute]) {
        const answer = await call(alice, id);
        expect([answer.status, await answer.text()], id.slice(0, 40)).toEqual([404, unknownBody]);
      }
      const read = await alice.browser.request('GET', `/api/chats/${id}/mute`);
      expect(read.status, id.slice(0, 40)).toBe(404);
    }
    expect(await world.database.db.selectFrom('conversation_mutes').selectAll().execute()).toEqual([]);
    expect(world.bus.published.filter((event) => event.kind === 'muteChanged')).toEqual([]);
  });

  it('needs a session and the app\'s own origin; a body is ignored', async () => {
    const [alice, bob] = await twoFriends(world, 'Alice', 'Bob');
    const stranger = browser(world.app);
    for (const method of ['GET', 'PUT', 'DELETE']) expect((await stranger.request(method, `/api/chats/${bob.id}/mute`)).status).toBe(401);
    const forged = browser(world.app, { origin: 'https://evil.example' });
    forged.setSession(alice.browser.session());
    expect((await forged.request('PUT', `/api/chats/${bob.id}/mute`)).status).toBe(403);
    expect((await forged.request('DELETE', `/api/chats/${bob.id}/mute`)).status).toBe(403);
    expect(await muteState(alice, bob.id)).toEqual({ muted: false });
    expect(await json<unknown>(await alice.browser.request('PUT', `/api/chats/${bob.id}/mute`, { muted: false, padding: 'x'.repeat(1_000) }))).toEqual({ muted: true });
  });

  it('400 changes at once: exactly 120 an hour pass, the rest are 429 with Retry-After, counted in the database', async () => {
    const [alice, bob] = await twoFriends(world, 'Alice', 'Bob');
    const answers = await Promise.all(Array.from({ length: 400 }, (_, i) => (i % 2 === 0 ? mute(alice, bob.id) : unmute(alice, bob.id))));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(120);
    expect(statuses.filter((status) => status === 429)).toHaveLength(280);
    const refused = answers.find((answer) => answer.status === 429);
    expect(await refused?.json()).toEqual({ error: { code: 'TOO_MANY_REQUESTS', message: 'You are doing that too often. Please wait a while and try again.' } });
    expect(refused?.headers.get('Retry-After')).toBe('3600');
    // An hour later the member may change it again.
    world.clock.now += 60 * 60 * 1000 + 1_000;
    expect((await mute(alice, bob.id)).status).toBe(200);
  }, 120_000);
});
