import { describe, expect, it } from 'vitest';
import type { Frame, LiveClient } from './support/liveClient';
import { useTwoServers, type ClusterMember } from './support/twoServers';
import { twoFriends } from '../social/support/members';

// A block across two server processes on one Postgres: a live debate between the pair ends at once
// for both (as when a partner leaves), the conversation leaves the blocker's list on every tab while
// the blocked member keeps their own record, the messages stay, and unblocking brings it back.

type DebateFrame = Frame & { debate: { debateId: string; phase: string; endedBy: string | null } };
const isState = (phase: string) => (frame: Frame) => frame.type === 'debate.state' && (frame as DebateFrame).debate.phase === phase;

describe('a block across two server processes', () => {
  const cluster = useTwoServers();

  const call = async (member: ClusterMember, server: 0 | 1, method: string, path: string, body?: unknown) =>
    fetch(`${cluster.servers[server].url}${path}`, {
      method,
      headers: { ...cluster.headers(member, server), 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  const conversationsOf = async (member: ClusterMember, server: 0 | 1) => {
    const answer = await call(member, server, 'GET', '/api/chats');
    expect(answer.status).toBe(200);
    return ((await answer.json()) as { conversations: { friendId: string; lastMessage: { text: string } }[] }).conversations.map((c) => [c.friendId, c.lastMessage.text]);
  };
  const said = (tab: LiveClient, text: string) => tab.waitFor((frame) => frame.type === 'message' && (frame.message as { text: string }).text === text, 2_000);

  it("ends the pair's debate for both and takes the conversation from the blocker's tabs only; unblocking brings it back", async () => {
    const [ada, ben] = await twoFriends(cluster, 'Ada', 'Ben');
    const adaTab = await cluster.open(ada, 0);
    const adaOtherTab = await cluster.open(ada, 1);
    const benTab = await cluster.open(ben, 1);

    benTab.send({ type: 'send', to: ada.id, clientId: 'b-1', text: 'hello Ada' });
    await said(adaTab, 'hello Ada');
    expect(await conversationsOf(ada, 1)).toEqual([[ben.id, 'hello Ada']]);

    adaTab.send({ type: 'debate.join', community: null });
    await adaTab.waitFor((frame) => frame.type === 'debate.queued', 5_000);
    benTab.send({ type: 'debate.join', community: null });
    const { debate } = (await benTab.waitFor(isState('writing'), 10_000)) as DebateFrame;

    expect((await call(ada, 0, 'POST', '/api/blocks', { userId: ben.id })).status).toBe(201);

    // Ben, on the other server, sees the debate end as when a partner leaves.
    const ended = (await benTab.waitFor(isState('ended'), 1_000)) as DebateFrame;
    expect(ended.debate).toMatchObject({ debateId: debate.debateId, phase: 'ended', endedBy: ada.id });
    expect(((await adaTab.waitFor(isState('ended'), 1_000)) as DebateFrame).debate.endedBy).toBe(ada.id);
    // Ada's other tab hears its lists changed, and the conversation is gone from them on either server.
    await adaOtherTab.waitFor((frame) => frame.type === 'people.changed', 1_000);
    expect(await conversationsOf(ada, 0)).toEqual([]);
    expect(await conversationsOf(ada, 1)).toEqual([]);
    expect((await call(ada, 1, 'GET', `/api/chats/${ben.id}/messages`)).status).toBe(403);

    // Ben keeps his own record of it, and the message is still on the server.
    expect(await conversationsOf(ben, 1)).toEqual([[ada.id, 'hello Ada']]);
    const history = await call(ben, 0, 'GET', `/api/chats/${ada.id}/messages`);
    expect(history.status).toBe(200);
    expect(((await history.json()) as { messages: { text: string }[] }).messages.map((m) => m.text)).toEqual(['hello Ada']);
    expect(await cluster.database.db.selectFrom('messages').select('text').where('sender_id', '=', ben.id).execute()).toEqual([{ text: 'hello Ada' }]);

    expect((await call(ada, 1, 'DELETE', `/api/blocks/${ben.id}`)).status).toBe(204);
    expect(await conversationsOf(ada, 0)).toEqual([[ben.id, 'hello Ada']]);
  }, 60_000);
});
