import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createDebateFeature } from '../../../server/live/debates';
import { liveFeatures } from '../../../server/live/index';
import { DATABASE_KINDS } from '../members/support/testDatabase';
import { twoFriends, type TestMember } from '../social/support/members';
import type { Frame } from './support/liveClient';
import { useLiveWorld } from './support/liveWorld';

// A suspended member vanishes from every place one member sees another, as if everyone had blocked
// them: the conversation list, the chat itself, who is online, and Hot Takes (never matched, and a
// debate going on when the suspension lands ends at once, as a block ends one). Lifting it brings the
// conversation back; the messages were kept.

const NOT_FRIENDS = { error: { code: 'NOT_FRIENDS', message: 'You can only message your friends.' } };
const PROMPT = 'Topic: Vinyl\nVinyl sounds better. Agree or disagree?';

describe.each(DATABASE_KINDS)('a suspended member over /api/live and /api/chats on %s', (kind) => {
  // A long grace: a debater's socket closing does not end the debate by itself within these tests.
  const world = useLiveWorld(kind, { features: [...liveFeatures, createDebateFeature({ ai: { hotTakesPrompt: () => Promise.resolve(PROMPT) }, disconnectGraceMs: 60_000 })] });

  async function operator(): Promise<TestMember> {
    const olga = await world.member('Olga');
    await world.database.db.insertInto('operators').values({ member_id: olga.id }).execute();
    return olga;
  }

  async function suspend(olga: TestMember, member: TestMember): Promise<void> {
    expect((await olga.browser.request('POST', `/api/admin/members/${member.id}/suspend`, { length: '7d', reason: 'Threats' })).status).toBe(200);
  }

  async function lift(olga: TestMember, member: TestMember): Promise<void> {
    expect((await olga.browser.request('POST', `/api/admin/members/${member.id}/lift`, { reason: 'Appeal accepted' })).status).toBe(200);
  }

  const chatsOf = async (viewer: TestMember) => ((await (await viewer.browser.request('GET', '/api/chats')).json()) as { conversations: { username: string }[] }).conversations.map((c) => c.username);

  it('leaves the conversation list and the chat: no history, no sending, until the suspension is lifted', async () => {
    const olga = await operator();
    const [alice, bob] = await twoFriends(world, 'Alice', 'Bob');
    const aliceTab = await world.open(alice);
    aliceTab.send({ type: 'send', to: bob.id, clientId: 'c-1', text: 'hi Bob' });
    await aliceTab.waitFor((f) => f.type === 'message');
    expect(await chatsOf(alice)).toEqual(['Bob']);

    await suspend(olga, bob);
    expect(await chatsOf(alice)).toEqual([]);
    const history = await alice.browser.request('GET', `/api/chats/${bob.id}/messages`);
    expect(history.status).toBe(403);
    expect(await history.json()).toEqual(NOT_FRIENDS);
    aliceTab.send({ type: 'send', to: bob.id, clientId: 'c-2', text: 'are you there?' });
    expect(await aliceTab.waitFor((f) => f.type === 'error' && f.clientId === 'c-2')).toEqual({ type: 'error', code: 'NOT_FRIENDS', message: 'You can only message your friends.', clientId: 'c-2' });

    await lift(olga, bob);
    expect(await chatsOf(alice)).toEqual(['Bob']);
    const back = (await (await alice.browser.request('GET', `/api/chats/${bob.id}/messages`)).json()) as { messages: { text: string }[] };
    expect(back.messages.map((m) => m.text)).toEqual(['hi Bob']);
  });

  it('shows friends the suspended member offline at once, has their lists fetched again, and never lists them online, even while a socket of theirs is still open somewhere', async () => {
    const olga = await operator();
    const [alice, bob] = await twoFriends(world, 'Alice', 'Bob');
    const aliceTab = await world.open(alice);
    await world.open(bob);
    await aliceTab.waitFor((f) => f.type === 'presence' && f.memberId === bob.id && f.online === true);

    const heardBefore = aliceTab.frames.length;
    await suspend(olga, bob);
    await aliceTab.waitFor((f) => f.type === 'presence' && f.memberId === bob.id && f.online === false, 2_000);
    // Her open lists (friends, requests, Discover) fetch again, without Bob.
    await aliceTab.waitFor((f) => f.type === 'people.changed' && aliceTab.frames.indexOf(f) >= heardBefore, 2_000);

    // A socket on a server that has not closed it yet (its row is still fresh).
    await world.database.db.insertInto('live_connections').values({ id: randomUUID(), server_id: 'another-server', member_id: bob.id, seen_at: new Date(world.clock.now) }).execute();
    const aliceAgain = await world.open(alice);
    expect(aliceAgain.frames[0]).toMatchObject({ type: 'ready', onlineFriends: [] });

    // Lifted, her lists fetch again, with Bob back.
    const heardBeforeLift = aliceAgain.frames.length;
    await lift(olga, bob);
    await aliceAgain.waitFor((f) => f.type === 'people.changed' && aliceAgain.frames.indexOf(f) >= heardBeforeLift, 2_000);
  });

  it('is never matched in Hot Takes, even while still in the queue', async () => {
    const ada = await world.member('Ada');
    const ben = await world.member('Ben');
    const benTab = await world.open(ben);
    benTab.send({ type: 'debate.join', community: null });
    await benTab.waitFor((f) => f.type === 'debate.queued');
    // The suspension's row is written before the member's sockets close: in between, nobody meets them.
    await world.database.db.insertInto('member_suspensions').values({ member_id: ben.id, until: null, created_at: new Date(world.clock.now) }).execute();

    const adaTab = await world.open(ada);
    adaTab.send({ type: 'debate.join', community: null });
    await adaTab.waitFor((f) => f.type === 'debate.queued');
    expect(adaTab.frames.some((f) => f.type === 'debate.state')).toBe(false);
  });

  it('ends a debate going on when the suspension lands, at once, as the suspended member leaving it', async () => {
    const olga = await operator();
    const ada = await world.member('Ada');
    const ben = await world.member('Ben');
    const adaTab = await world.open(ada);
    const benTab = await world.open(ben);
    adaTab.send({ type: 'debate.join', community: null });
    await adaTab.waitFor((f) => f.type === 'debate.queued');
    benTab.send({ type: 'debate.join', community: null });
    await adaTab.waitFor((f) => f.type === 'debate.state');

    await suspend(olga, ben);
    const ended = (await adaTab.waitFor((f) => f.type === 'debate.state' && (f.debate as { phase: string }).phase === 'ended', 2_000)) as Frame & { debate: { endedBy: string } };
    expect(ended.debate.endedBy).toBe(ben.id);
    // Ada may look for someone else at once.
    adaTab.send({ type: 'debate.join', community: null });
    await adaTab.waitFor((f) => f.type === 'debate.queued' && adaTab.frames.filter((g) => g.type === 'debate.queued').length === 2);
  });
});
