import type { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { createDebateFeature } from '../../../server/live/debates';
import type { ServerFrame } from '../../../src/domain/liveContract';
import { APP_ORIGIN } from '../members/support/browser';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../members/support/testDatabase';
import { addMember, type TestMember } from '../social/support/members';
import { inProcessBus, liveServer, type InProcessBus, type LiveServer, type TestSocket } from './support/liveHarness';
import { debateJustMatched } from '../../support/liveDebateState';

// Hot Takes against a person, through the feature's interface: frames in, frames out to each member's
// sockets, rows in the database, and the result on GET /api/leaderboard.

const PROMPT = 'Topic: Tabs\nTabs beat spaces. Agree or disagree?';
const FALLBACK = 'Topic: Pineapple pizza\nPineapple belongs on pizza. Agree or disagree? Pick a side and defend it.';

type DebateState = Extract<ServerFrame, { type: 'debate.state' }>['debate'];

describe.each(DATABASE_KINDS)('Hot Takes debates on %s', (kind) => {
  let database: TestDatabase;
  let app: Hono;
  let bus: InProcessBus;
  let server: LiveServer;
  let clock: { now: number };
  let aiFails: boolean;
  /** What the AI answers (while it works), and what it was asked. */
  let aiAnswer: string;
  let aiAsked: unknown[];
  let factory: ReturnType<typeof createDebateFeature>;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  }, 60_000);
  afterAll(async () => {
    await database?.dispose();
  });
  beforeEach(async () => {
    // Debates, queue rows, connections and results go with their members (ON DELETE CASCADE).
    await database.db.deleteFrom('members').execute();
    clock = { now: Date.parse('2026-03-01T12:00:00Z') };
    aiFails = false;
    aiAnswer = PROMPT;
    aiAsked = [];
    factory = createDebateFeature({
      ai: {
        hotTakesPrompt: (input) => {
          aiAsked.push(input);
          return aiFails ? Promise.reject(new Error('AI down')) : Promise.resolve(aiAnswer);
        },
      },
      disconnectGraceMs: 0,
    });
    app = createApp(loadConfig({ PUBLIC_ORIGIN: APP_ORIGIN }), { members: { db: database.db, now: () => clock.now } });
    bus = inProcessBus();
    server = liveServer(database.db, bus, factory, () => clock.now);
  });

  async function member(name: string, communities: string[] = []): Promise<TestMember> {
    const added = await addMember(database, app, name);
    if (communities.length > 0) {
      await database.db.insertInto('profiles').values({ member_id: added.id, data: '{}', updated_at: 1, communities }).execute();
    }
    return added;
  }

  async function send(socket: TestSocket, frame: Parameters<NonNullable<LiveServer['feature']['onFrame']>>[1]): Promise<void> {
    expect(await server.feature.onFrame?.(socket, frame)).toBe(true);
    await bus.settle();
  }

  function frames(on: LiveServer, who: TestMember): ServerFrame[] {
    return on.framesOf(who.id);
  }

  function lastState(who: TestMember, on: LiveServer = server): DebateState {
    const state = frames(on, who).findLast((f) => f.type === 'debate.state');
    if (!state) throw new Error(`${who.username} got no debate state`);
    return state.debate;
  }

  /** Alice and Bob, one socket each, joined one after the other: matched, both writing their takes. */
  async function aliceAndBobMatched() {
    const alice = await member('Alice');
    const bob = await member('Bob');
    const aliceSocket = await server.connect(alice.id);
    const bobSocket = await server.connect(bob.id);
    await send(aliceSocket, { type: 'debate.join', community: null });
    await send(bobSocket, { type: 'debate.join', community: null });
    return { alice, bob, aliceSocket, bobSocket, debateId: lastState(alice).debateId };
  }

  /** The messages pushed to `who` one by one since their last debate state. */
  function pushedMessages(who: TestMember, on: LiveServer = server) {
    return frames(on, who).flatMap((f) => (f.type === 'debate.message' ? [f.message] : []));
  }

  async function block(blocker: TestMember, blocked: TestMember): Promise<void> {
    expect((await blocker.browser.request('POST', '/api/blocks', { userId: blocked.id })).status).toBe(201);
  }

  /** Two members matched and through the writing phase. */
  /** Opens a new socket for the member and joins the queue there, for the community or for anyone. */
  async function joinOnNewSocket(joiner: TestMember, community: string | null = null): Promise<void> {
    await send(await server.connect(joiner.id), { type: 'debate.join', community });
  }

  async function revealedDebate(on: LiveServer = server) {
    const alice = await member('Alice');
    const bob = await member('Bob');
    const aliceSocket = await on.connect(alice.id);
    const bobSocket = await on.connect(bob.id);
    const move = async (socket: TestSocket, frame: Parameters<NonNullable<LiveServer['feature']['onFrame']>>[1]) => {
      await on.feature.onFrame?.(socket, frame);
      await bus.settle();
    };
    await move(aliceSocket, { type: 'debate.join', community: null });
    await move(bobSocket, { type: 'debate.join', community: null });
    const debateId = lastState(alice, on).debateId;
    await move(aliceSocket, { type: 'debate.take', debateId, text: 'Tabs, obviously.' });
    await move(bobSocket, { type: 'debate.take', debateId, text: 'Spaces forever.' });
    return { alice, bob, aliceSocket, bobSocket, debateId };
  }

  it('queues a lone member, then matches the next one with them: both see the same prompt, writing', async () => {
    const alice = await member('Alice');
    const bob = await member('Bob');
    const aliceSocket = await server.connect(alice.id);
    const bobSocket = await server.connect(bob.id);

    await send(aliceSocket, { type: 'debate.join', community: null });
    expect(frames(server, alice)).toEqual([{ type: 'debate.queued' }]);

    await send(bobSocket, { type: 'debate.join', community: null });
    const forAlice = lastState(alice);
    const forBob = lastState(bob);
    expect(forAlice).toEqual(debateJustMatched({ debateId: forBob.debateId, prompt: PROMPT, opponent: { id: bob.id, username: 'Bob' } }));
    expect(forBob.opponent).toEqual({ id: alice.id, username: 'Alice' });
    expect(forBob.prompt).toBe(PROMPT);
    expect(frames(server, bob).some((f) => f.type === 'debate.queued')).toBe(false);
    expect(await database.db.selectFrom('debate_queue').selectAll().execute()).toEqual([]);
  });

  it('matches the member who chose the same community before one who waited longer', async () => {
    const anyone = await member('Anyone');
    const seattle = await member('Seattler');
    const joiner = await member('Joiner');
    // The two waiting members never meet each other (a block), so both wait.
    await block(anyone, seattle);
    await joinOnNewSocket(anyone);
    await joinOnNewSocket(seattle, 'Seattle');
    await joinOnNewSocket(joiner, 'Seattle');
    expect(lastState(joiner).opponent.username).toBe('Seattler');
  });

  it('with no community chosen, prefers a member sharing a profile community', async () => {
    const anyone = await member('Anyone');
    const student = await member('Student', ['UW']);
    const joiner = await member('Joiner', ['UW', 'Seattle']);
    await block(anyone, student);
    await joinOnNewSocket(anyone);
    await joinOnNewSocket(student);
    await joinOnNewSocket(joiner);
    expect(lastState(joiner).opponent.username).toBe('Student');
  });

  it('never matches members who blocked each other, either way', async () => {
    const alice = await member('Alice');
    const bob = await member('Bob');
    const carol = await member('Carol');
    await block(bob, alice);
    await joinOnNewSocket(alice);
    await joinOnNewSocket(bob);
    expect(frames(server, bob)).toEqual([{ type: 'debate.queued' }]);
    await joinOnNewSocket(carol);
    // Alice waited longest and is free to meet Carol; Bob keeps waiting.
    expect(lastState(carol).opponent.username).toBe('Alice');
    expect(await database.db.selectFrom('debate_queue').select('member_id').execute()).toEqual([{ member_id: bob.id }]);
  });

  it('matches only members who are still connected', async () => {
    const alice = await member('Alice');
    const bob = await member('Bob');
    await joinOnNewSocket(alice);
    // A crashed server's row goes stale: Alice no longer counts as online.
    await database.db.updateTable('live_connections').set({ seen_at: new Date(Date.now() - 120_000) }).where('member_id', '=', alice.id).execute();
    await joinOnNewSocket(bob);
    expect(frames(server, bob)).toEqual([{ type: 'debate.queued' }]);
  });

  it('cancelling leaves the queue: the next member waits instead of being matched', async () => {
    const alice = await member('Alice');
    const bob = await member('Bob');
    const aliceSocket = await server.connect(alice.id);
    await send(aliceSocket, { type: 'debate.join', community: null });
    await send(aliceSocket, { type: 'debate.cancel' });
    await joinOnNewSocket(bob);
    expect(frames(server, bob)).toEqual([{ type: 'debate.queued' }]);
    expect(frames(server, alice)).toEqual([{ type: 'debate.queued' }]);
  });

  it("keeps the opponent's take hidden until both have written, then reveals both", async () => {
    const { alice, bob, aliceSocket, bobSocket, debateId } = await aliceAndBobMatched();

    await send(aliceSocket, { type: 'debate.take', debateId, text: 'Tabs, obviously.' });
    expect(lastState(alice)).toMatchObject({ phase: 'writing', yourTake: 'Tabs, obviously.', opponentTake: null });
    expect(lastState(bob)).toMatchObject({ phase: 'writing', yourTake: null, opponentTake: null });
    // A second take is ignored: the first one stands.
    await send(aliceSocket, { type: 'debate.take', debateId, text: 'Actually, spaces.' });
    expect(lastState(alice).yourTake).toBe('Tabs, obviously.');

    await send(bobSocket, { type: 'debate.take', debateId, text: 'Spaces forever.' });
    expect(lastState(alice)).toMatchObject({ phase: 'revealed', yourTake: 'Tabs, obviously.', opponentTake: 'Spaces forever.' });
    expect(lastState(bob)).toMatchObject({ phase: 'revealed', yourTake: 'Spaces forever.', opponentTake: 'Tabs, obviously.' });
  });

  it('refuses a message before the takes are revealed, then stores each client id once', async () => {
    const { alice, bob, aliceSocket, bobSocket, debateId } = await aliceAndBobMatched();
    await send(aliceSocket, { type: 'debate.say', debateId, clientId: 'early', text: 'Too soon' });
    expect(frames(server, alice).at(-1)).toEqual({ type: 'error', code: 'INVALID_REQUEST', message: 'That request could not be understood.' });

    await send(aliceSocket, { type: 'debate.take', debateId, text: 'Tabs.' });
    await send(bobSocket, { type: 'debate.take', debateId, text: 'Spaces.' });
    await send(aliceSocket, { type: 'debate.say', debateId, clientId: 'c-1', text: 'Tabs save bytes.' });
    const statesBefore = [alice, bob].map((who) => frames(server, who).filter((f) => f.type === 'debate.state').length);
    // The same client id again (a retry): only Alice hears back, with the message stored the first time.
    await send(aliceSocket, { type: 'debate.say', debateId, clientId: 'c-1', text: 'Tabs save bytes.' });
    await send(bobSocket, { type: 'debate.say', debateId, clientId: 'c-1', text: 'Bytes are cheap.' });
    const messages = pushedMessages(bob).map((m) => ({ from: m.from, clientId: m.clientId, text: m.text }));
    expect(messages).toEqual([
      { from: alice.id, clientId: 'c-1', text: 'Tabs save bytes.' },
      { from: bob.id, clientId: 'c-1', text: 'Bytes are cheap.' },
    ]);
    const [first, second] = pushedMessages(bob).map((m) => m.id);
    expect(pushedMessages(alice).map((m) => m.id)).toEqual([first, first, second]);
    expect(pushedMessages(alice).every((m) => /^\d+$/.test(m.id) && !Number.isNaN(Date.parse(m.sentAt)))).toBe(true);
    expect(frames(server, alice).filter((f) => f.type === 'debate.message').every((f) => f.type === 'debate.message' && f.debateId === debateId)).toBe(true);
    // Messages never push the whole debate again.
    expect([alice, bob].map((who) => frames(server, who).filter((f) => f.type === 'debate.state').length)).toEqual(statesBefore);
    // The whole debate, as a reconnect gets it, holds both messages once.
    await server.connect(bob.id);
    expect(lastState(bob).messages.map((m) => m.id)).toEqual([first, second]);
  });

  it('leaving ends the debate for both, records the result once from the stored messages, on both leaderboards', async () => {
    const { alice, bob, aliceSocket, bobSocket, debateId } = await revealedDebate();
    for (const [socket, clientId] of [[aliceSocket, 'a1'], [bobSocket, 'b1'], [aliceSocket, 'a2'], [bobSocket, 'b2']] as const) {
      await send(socket, { type: 'debate.say', debateId, clientId, text: `Point ${clientId}` });
    }
    clock.now += 60_000;
    await send(bobSocket, { type: 'debate.leave', debateId });

    // 2 takes + 4 messages = 6 > 4: a win worth 100 + 10 × 2.
    const ended = { phase: 'ended', endedBy: bob.id, result: { won: true, points: 120, messageCount: 6 } };
    expect(lastState(alice)).toMatchObject(ended);
    expect(lastState(bob)).toMatchObject(ended);

    // Leaving again, or talking after the end, changes nothing.
    await send(aliceSocket, { type: 'debate.leave', debateId });
    expect(frames(server, alice).at(-1)).toEqual({ type: 'error', code: 'DEBATE_NOT_FOUND', message: 'That debate has ended.' });
    await send(bobSocket, { type: 'debate.say', debateId, clientId: 'b3', text: 'One more' });
    expect(frames(server, bob).at(-1)).toEqual({ type: 'error', code: 'DEBATE_NOT_FOUND', message: 'That debate has ended.' });

    const results = await database.db.selectFrom('game_results').select(['member_id', 'won', 'points', 'message_count']).orderBy('member_id').execute();
    expect(results).toEqual(
      [alice.id, bob.id].sort().map((id) => ({ member_id: id, won: true, points: 120, message_count: 6 })),
    );
    for (const viewer of [alice, bob]) {
      const response = await viewer.browser.request('GET', '/api/leaderboard?tab=hottakes');
      expect(response.status).toBe(200);
      const { entries } = (await response.json()) as { entries: { username: string; stats: { hotTakesScore: number; gamesPlayed: number } }[] };
      expect(entries.map((e) => [e.username, e.stats.hotTakesScore, e.stats.gamesPlayed])).toEqual([
        ['Alice', 120, 1],
        ['Bob', 120, 1],
      ]);
    }
  });

  it('a debate left with 4 messages or fewer counts as played, not won', async () => {
    const { alice, bob, aliceSocket, debateId } = await revealedDebate();
    await send(aliceSocket, { type: 'debate.say', debateId, clientId: 'a1', text: 'Only this' });
    await send(aliceSocket, { type: 'debate.leave', debateId });
    expect(lastState(bob)).toMatchObject({ phase: 'ended', endedBy: alice.id, result: { won: false, points: 0, messageCount: 3 } });
    const results = await database.db.selectFrom('game_results').select(['won', 'points']).execute();
    expect(results).toEqual([
      { won: false, points: 0 },
      { won: false, points: 0 },
    ]);
  });

  it('a debate left before both takes are in ends for both and records nothing', async () => {
    const alice = await member('Alice');
    const bob = await member('Bob');
    const aliceSocket = await server.connect(alice.id);
    await send(aliceSocket, { type: 'debate.join', community: null });
    await joinOnNewSocket(bob);
    const debateId = lastState(alice).debateId;
    await send(aliceSocket, { type: 'debate.take', debateId, text: 'Tabs.' });
    await send(aliceSocket, { type: 'debate.leave', debateId });
    expect(lastState(bob)).toMatchObject({ phase: 'ended', endedBy: alice.id, opponentTake: null, result: { won: false, points: 0, messageCount: 1 } });
    expect(await database.db.selectFrom('game_results').selectAll().execute()).toEqual([]);
  });

  it("a debater's last socket closing ends the debate for both; another open socket keeps it going", async () => {
    const { alice, bob, aliceSocket, debateId } = await revealedDebate();
    const secondTab = await server.connect(alice.id);
    await aliceSocket.close();
    expect(lastState(bob).phase).toBe('revealed');
    await secondTab.close();
    expect(lastState(bob)).toMatchObject({ debateId, phase: 'ended', endedBy: alice.id });
  });

  it('waits 5 s after the last socket closes: back in time the debate carries on, otherwise it ends for both', async () => {
    const scheduled: { run: () => Promise<void>; ms: number; cancelled: boolean }[] = [];
    const patient = liveServer(
      database.db,
      bus,
      createDebateFeature({
        ai: { hotTakesPrompt: () => Promise.resolve(PROMPT) },
        schedule: (run, ms) => {
          const entry = { run, ms, cancelled: false };
          scheduled.push(entry);
          return () => (entry.cancelled = true);
        },
      }),
      () => clock.now,
    );
    const { alice, bob, aliceSocket, debateId } = await revealedDebate(patient);

    await aliceSocket.close();
    expect(scheduled.map((s) => [s.ms, s.cancelled])).toEqual([[5000, false]]);
    // A reload: back within the grace period, with the debate as it was.
    await patient.connect(alice.id);
    expect(scheduled[0]?.cancelled).toBe(true);
    expect(lastState(alice, patient)).toMatchObject({ debateId, phase: 'revealed' });

    const secondSocket = await patient.connect(alice.id);
    await secondSocket.close();
    expect(lastState(bob, patient).phase).toBe('revealed');
    expect(scheduled).toHaveLength(2);
    await scheduled[1]!.run();
    await bus.settle();
    // One socket of the reload is still open: nothing ends.
    expect(lastState(bob, patient).phase).toBe('revealed');
  });

  it('ends the debate once the grace period passes with no socket left', async () => {
    const scheduled: (() => Promise<void>)[] = [];
    const patient = liveServer(
      database.db,
      bus,
      createDebateFeature({ ai: { hotTakesPrompt: () => Promise.resolve(PROMPT) }, schedule: (run) => (scheduled.push(run), () => undefined) }),
      () => clock.now,
    );
    const { alice, bob, aliceSocket, debateId } = await revealedDebate(patient);
    await aliceSocket.close();
    expect(lastState(bob, patient).phase).toBe('revealed');
    await scheduled[0]!();
    await bus.settle();
    expect(lastState(bob, patient)).toMatchObject({ debateId, phase: 'ended', endedBy: alice.id });
  });

  it('joining again while in a debate (a reload, a second tab) brings that debate back instead of queueing', async () => {
    const { alice, aliceSocket, debateId } = await revealedDebate();
    const carol = await member('Carol');
    await send(aliceSocket, { type: 'debate.join', community: null });
    expect(lastState(alice)).toMatchObject({ debateId, phase: 'revealed' });
    expect(await database.db.selectFrom('debate_queue').selectAll().execute()).toEqual([]);
    // So a third member is not matched with her.
    await joinOnNewSocket(carol);
    expect(frames(server, carol)).toEqual([{ type: 'debate.queued' }]);
  });

  it('a reconnecting debater gets the debate back on connect', async () => {
    const { alice, debateId } = await revealedDebate();
    await server.connect(alice.id);
    expect(lastState(alice)).toMatchObject({ debateId, phase: 'revealed' });
  });

  it('a member cannot move in a debate that is not theirs', async () => {
    const { debateId } = await revealedDebate();
    const carol = await member('Carol');
    const carolSocket = await server.connect(carol.id);
    for (const frame of [
      { type: 'debate.take', debateId, text: 'Me too' },
      { type: 'debate.say', debateId, clientId: 'x', text: 'Hi' },
      { type: 'debate.leave', debateId },
      { type: 'debate.leave', debateId: 'not-a-uuid' },
    ] as const) {
      await send(carolSocket, frame);
      expect(frames(server, carol).at(-1)).toEqual({ type: 'error', code: 'DEBATE_NOT_FOUND', message: 'That debate has ended.' });
    }
  });

  it('starts with the fallback prompt when the AI fails', async () => {
    aiFails = true;
    const alice = await member('Alice');
    const bob = await member('Bob');
    await joinOnNewSocket(alice);
    await joinOnNewSocket(bob);
    expect(lastState(bob).prompt).toBe(FALLBACK);
  });

  it('delivers each side its state on whichever server holds its socket', async () => {
    const other = liveServer(database.db, bus, factory, () => clock.now);
    const alice = await member('Alice');
    const bob = await member('Bob');
    await joinOnNewSocket(alice);
    const bobSocket = await other.connect(bob.id);
    expect(await other.feature.onFrame?.(bobSocket, { type: 'debate.join', community: null })).toBe(true);
    await bus.settle();
    expect(lastState(alice).opponent.username).toBe('Bob');
    expect(lastState(bob, other).opponent.username).toBe('Alice');
    // Each server pushes only to its own sockets.
    expect(other.framesOf(alice.id)).toEqual([]);
    expect(server.framesOf(bob.id)).toEqual([]);
  });

  it('pushes a message to the other side on whichever server holds its socket, read by its id', async () => {
    const other = liveServer(database.db, bus, factory, () => clock.now);
    const { alice, bob, aliceSocket, debateId } = await revealedDebate();
    await other.connect(bob.id);
    await send(aliceSocket, { type: 'debate.say', debateId, clientId: 'c-1', text: 'Across servers.' });
    expect(pushedMessages(bob, other).map((m) => [m.from, m.text])).toEqual([[alice.id, 'Across servers.']]);
    expect(other.framesOf(alice.id)).toEqual([]);
  });

  it('asks the AI only when a match is about to happen, with both members\' interests and the last prompt', async () => {
    const alice = await member('Alice');
    const bob = await member('Bob');
    await database.db
      .insertInto('member_interests')
      .values([
        { member_id: alice.id, category: 'music', item_key: 'jazz', item: 'Jazz' },
        { member_id: bob.id, category: 'games', item_key: 'chess', item: 'Chess' },
        { member_id: bob.id, category: 'music', item_key: 'jazz', item: 'Jazz' },
      ])
      .execute();
    const aliceSocket = await server.connect(alice.id);
    const bobSocket = await server.connect(bob.id);
    await send(aliceSocket, { type: 'debate.join', community: null });
    expect(aiAsked).toEqual([]);
    await send(bobSocket, { type: 'debate.join', community: null });
    expect(aiAsked).toEqual([{ interests: ['Chess', 'Jazz'] }]);
    // Joining again while in the debate only brings it back: no new prompt.
    await send(bobSocket, { type: 'debate.join', community: null });
    expect(aiAsked).toHaveLength(1);

    await send(bobSocket, { type: 'debate.leave', debateId: lastState(bob).debateId });
    await send(aliceSocket, { type: 'debate.join', community: null });
    await send(bobSocket, { type: 'debate.join', community: null });
    expect(aiAsked.at(-1)).toEqual({ interests: ['Chess', 'Jazz'], previous: PROMPT });
  });

  it("trims the AI's prompt, and falls back when it is blank", async () => {
    const alice = await member('Alice');
    const bob = await member('Bob');
    const carol = await member('Carol');
    const dave = await member('Dave');
    aiAnswer = '  Topic: Tea\nTea beats coffee.  \n';
    await joinOnNewSocket(alice);
    await joinOnNewSocket(bob);
    expect(lastState(bob).prompt).toBe('Topic: Tea\nTea beats coffee.');
    aiAnswer = ' \n ';
    await joinOnNewSocket(carol);
    await joinOnNewSocket(dave);
    expect(lastState(dave).prompt).toBe(FALLBACK);
  });

  it('treats an unknown community as no community', async () => {
    const alice = await member('Alice');
    const bob = await member('Bob');
    await joinOnNewSocket(alice, 'Atlantis');
    expect(await database.db.selectFrom('debate_queue').select('community').execute()).toEqual([{ community: null }]);
    await joinOnNewSocket(bob, 'Seattle');
    expect(await database.db.selectFrom('debate_queue').selectAll().execute()).toEqual([]);
    expect(lastState(bob).opponent.username).toBe('Alice');
  });

  it('trims takes and messages', async () => {
    const { alice, bob, aliceSocket, debateId } = await revealedDebate();
    expect(lastState(alice).yourTake).toBe('Tabs, obviously.');
    await send(aliceSocket, { type: 'debate.say', debateId, clientId: 'c-1', text: '  Tabs save bytes.  ' });
    expect(pushedMessages(bob).map((m) => m.text)).toEqual(['Tabs save bytes.']);
    const carol = await member('Carol');
    const dave = await member('Dave');
    const carolSocket = await server.connect(carol.id);
    await send(carolSocket, { type: 'debate.join', community: null });
    await joinOnNewSocket(dave);
    await send(carolSocket, { type: 'debate.take', debateId: lastState(carol).debateId, text: '  Padded.  ' });
    expect(lastState(carol).yourTake).toBe('Padded.');
  });

  it('refuses a message while only one take is in, whichever side wrote it', async () => {
    const { alice, bob, aliceSocket, bobSocket, debateId } = await aliceAndBobMatched();
    await send(bobSocket, { type: 'debate.take', debateId, text: 'Spaces.' });
    await send(bobSocket, { type: 'debate.say', debateId, clientId: 'early', text: 'Too soon' });
    expect(frames(server, bob).at(-1)).toEqual({ type: 'error', code: 'INVALID_REQUEST', message: 'That request could not be understood.' });
    await send(aliceSocket, { type: 'debate.say', debateId, clientId: 'early', text: 'Too soon' });
    expect(frames(server, alice).at(-1)).toEqual({ type: 'error', code: 'INVALID_REQUEST', message: 'That request could not be understood.' });
    // Only the second side's take is in: leaving records nothing.
    await send(bobSocket, { type: 'debate.leave', debateId });
    expect(lastState(alice)).toMatchObject({ phase: 'ended', endedBy: bob.id });
    expect(await database.db.selectFrom('game_results').selectAll().execute()).toEqual([]);
  });

  it('sends the debate state again on a reconnect and on a repeated join', async () => {
    const { alice, aliceSocket, debateId } = await revealedDebate();
    const before = frames(server, alice).length;
    await server.connect(alice.id);
    expect(frames(server, alice).slice(before)).toEqual([{ type: 'debate.state', debate: expect.objectContaining({ debateId, phase: 'revealed' }) as unknown }]);
    const again = frames(server, alice).length;
    await send(aliceSocket, { type: 'debate.join', community: null });
    expect(frames(server, alice).slice(again)).toEqual([{ type: 'debate.state', debate: expect.objectContaining({ debateId, phase: 'revealed' }) as unknown }]);
  });

  it('ignores bus events for a debate that does not exist', async () => {
    const alice = await member('Alice');
    await server.connect(alice.id);
    await bus.publish({ kind: 'debate', debateId: '0d0d0d0d-0000-4000-8000-000000000001' });
    await bus.publish({ kind: 'debate', debateId: 'not-a-uuid' });
    await bus.publish({ kind: 'debateMessage', debateId: '0d0d0d0d-0000-4000-8000-000000000001', messageId: '1' });
    await bus.publish({ kind: 'debateMessage', debateId: 'not-a-uuid', messageId: 'not-a-number' });
    await bus.settle();
    expect(frames(server, alice)).toEqual([]);
  });

  it('once stopped (a restart), a closing socket schedules no end and ends nothing', async () => {
    const scheduled: unknown[] = [];
    const patient = liveServer(
      database.db,
      bus,
      createDebateFeature({ ai: { hotTakesPrompt: () => Promise.resolve(PROMPT) }, schedule: (run) => (scheduled.push(run), () => undefined) }),
      () => clock.now,
    );
    const { aliceSocket, bobSocket, debateId } = await revealedDebate(patient);
    await patient.feature.stop?.();
    await aliceSocket.close();
    await bobSocket.close();
    expect(scheduled).toEqual([]);
    expect(await database.db.selectFrom('debates').select('ended_at').where('id', '=', debateId).execute()).toEqual([{ ended_at: null }]);
  });

  it('leaves chat frames to the other features', async () => {
    const alice = await member('Alice');
    const socket = await server.connect(alice.id);
    expect(await server.feature.onFrame?.(socket, { type: 'typing', to: alice.id })).toBe(false);
  });
});
