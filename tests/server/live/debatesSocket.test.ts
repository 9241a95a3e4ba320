import { describe, expect, it } from 'vitest';
import { createDebateFeature } from '../../../server/live/debates';
import { liveFeatures } from '../../../server/live/index';
import { DATABASE_KINDS } from '../members/support/testDatabase';
import type { Frame, LiveClient } from './support/liveClient';
import { useLiveWorld } from './support/liveWorld';

// Hot Takes between two members through real sockets on the live hub: matched, both takes, the
// argument, one leaves, and the result the server recorded on both leaderboards.

const PROMPT = 'Topic: Vinyl\nVinyl sounds better. Agree or disagree?';

interface DebateFrame extends Frame {
  debate: { debateId: string; phase: string; opponent: { username: string }; yourTake: string | null; opponentTake: string | null; messages: unknown[]; endedBy: string | null; result: unknown };
}

const isState = (phase: string) => (frame: Frame) => frame.type === 'debate.state' && (frame as DebateFrame).debate.phase === phase;
const stateFrames = (client: LiveClient) => client.frames.filter((f) => f.type === 'debate.state') as DebateFrame[];

describe.each(DATABASE_KINDS)('Hot Takes debates over /api/live on %s', (kind) => {
  // No grace period: a debater's last socket closing ends the debate at once, unless the server is restarting.
  const world = useLiveWorld(kind, { features: [...liveFeatures, createDebateFeature({ ai: { hotTakesPrompt: () => Promise.resolve(PROMPT) }, disconnectGraceMs: 0 })] });

  /** Ada and Ben signed in, each with one socket open. */
  const adaAndBenOnline = async () => {
    const ada = await world.member('Ada');
    const ben = await world.member('Ben');
    return { ada, ben, adaTab: await world.open(ada), benTab: await world.open(ben) };
  };

  /** Ada searches first and Ben joins: the debate Ada's socket is shown once both are writing their takes. */
  const matchAdaWithBen = async (adaTab: LiveClient, benTab: LiveClient) => {
    adaTab.send({ type: 'debate.join', community: null });
    await adaTab.waitFor((f) => f.type === 'debate.queued');
    benTab.send({ type: 'debate.join', community: null });
    return (await adaTab.waitFor(isState('writing'))) as DebateFrame;
  };

  it('runs a debate between two sockets end to end and records the result for both', async () => {
    const { ada, ben, adaTab, benTab } = await adaAndBenOnline();

    const matched = await matchAdaWithBen(adaTab, benTab);
    expect(matched.debate.opponent.username).toBe('Ben');
    expect(((await benTab.waitFor(isState('writing'))) as DebateFrame).debate.opponent.username).toBe('Ada');
    const { debateId } = matched.debate;

    adaTab.send({ type: 'debate.take', debateId, text: 'Warm and crackly.' });
    benTab.send({ type: 'debate.take', debateId, text: 'Crackles are noise.' });
    const revealed = (await adaTab.waitFor(isState('revealed'))) as DebateFrame;
    expect(revealed.debate).toMatchObject({ yourTake: 'Warm and crackly.', opponentTake: 'Crackles are noise.' });
    // Before Ben's take, Ada never saw anything of his.
    expect(stateFrames(adaTab).filter((f) => f.debate.phase === 'writing').every((f) => f.debate.opponentTake === null)).toBe(true);

    for (const [tab, clientId, text] of [[adaTab, 'a1', 'Noise with soul.'], [benTab, 'b1', 'Soul is compression.'], [adaTab, 'a2', 'Compression is digital.']] as const) {
      tab.send({ type: 'debate.say', debateId, clientId, text });
      for (const side of [adaTab, benTab]) await side.waitFor((f) => f.type === 'debate.message' && (f.message as { text: string }).text === text);
    }
    benTab.send({ type: 'debate.leave', debateId });
    const forAda = (await adaTab.waitFor(isState('ended'))) as DebateFrame;
    const forBen = (await benTab.waitFor(isState('ended'))) as DebateFrame;
    // 2 takes + 3 messages = 5 > 4: a win worth 110 for both.
    for (const frame of [forAda, forBen]) expect(frame.debate).toMatchObject({ endedBy: ben.id, result: { won: true, points: 110, messageCount: 5 } });

    for (const viewer of [ada, ben]) {
      const response = await viewer.browser.request('GET', '/api/leaderboard?tab=hottakes');
      const { entries } = (await response.json()) as { entries: { username: string; stats: { hotTakesScore: number } }[] };
      expect(entries.map((e) => [e.username, e.stats.hotTakesScore])).toEqual([
        ['Ada', 110],
        ['Ben', 110],
      ]);
    }
  });

  it('pushes each message alone: a push does not grow with the debate, and 50 messages stay a few kilobytes', async () => {
    const { adaTab, benTab } = await adaAndBenOnline();
    const { debateId } = (await matchAdaWithBen(adaTab, benTab)).debate;
    adaTab.send({ type: 'debate.take', debateId, text: 'Warm and crackly.' });
    benTab.send({ type: 'debate.take', debateId, text: 'Crackles are noise.' });
    for (const side of [adaTab, benTab]) await side.waitFor(isState('revealed'));
    const heardBefore = [adaTab.frames.length, benTab.frames.length];

    // 100 characters a message, 50 messages, both sides taking turns.
    for (let n = 1; n <= 50; n += 1) {
      const clientId = `s${n}`;
      (n % 2 === 1 ? adaTab : benTab).send({ type: 'debate.say', debateId, clientId, text: `Point ${String(n).padStart(3, '0')} `.padEnd(100, '.') });
      for (const side of [adaTab, benTab]) await side.waitFor((f) => f.type.startsWith('debate.') && JSON.stringify(f).includes(`"clientId":"${clientId}"`));
    }

    for (const [side, before] of [[adaTab, heardBefore[0]], [benTab, heardBefore[1]]] as const) {
      const heard = side.frames.slice(before);
      // Each take's state push shows the debate as it stands when read, so the first take's can land after
      // the reveal already pushed: a late 'revealed' comes before the first message, never among them.
      const firstMessage = heard.findIndex((f) => f.type === 'debate.message');
      expect(heard.slice(0, firstMessage).every(isState('revealed'))).toBe(true);
      const pushes = heard.slice(firstMessage);
      expect(pushes.map((f) => f.type)).toEqual(Array.from({ length: 50 }, () => 'debate.message'));
      const sizes = pushes.map((f) => Buffer.byteLength(JSON.stringify(f)));
      // One message of 100 characters with its ids and time: the 50th push is no bigger than the first.
      expect(Math.max(...sizes)).toBeLessThan(400);
      expect(sizes.reduce((sum, size) => sum + size, 0)).toBeLessThan(20_000);
    }
  });

  it('a restart closes the sockets without ending the debate', async () => {
    const { adaTab, benTab } = await adaAndBenOnline();
    const { debateId } = (await matchAdaWithBen(adaTab, benTab)).debate;
    await world.hub.shutdown();
    expect(await Promise.all([adaTab.closed, benTab.closed])).toEqual([1012, 1012]);
    expect(await world.database.db.selectFrom('debates').select(['id', 'ended_at']).execute()).toEqual([{ id: debateId, ended_at: null }]);
  });

  it('a member cancelling the search is not matched', async () => {
    const { adaTab, benTab } = await adaAndBenOnline();
    adaTab.send({ type: 'debate.join', community: null });
    await adaTab.waitFor((f) => f.type === 'debate.queued');
    adaTab.send({ type: 'debate.cancel' });
    // A socket's frames are handled in order: once this one is refused, the cancel has been handled.
    adaTab.send({ type: 'debate.leave', debateId: 'none' });
    await adaTab.waitFor((f) => f.type === 'error' && f.code === 'DEBATE_NOT_FOUND');
    benTab.send({ type: 'debate.join', community: null });
    await benTab.waitFor((f) => f.type === 'debate.queued');
    expect(stateFrames(adaTab)).toEqual([]);
  });
});
