import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { loadConfig } from '../../../server/config';
import { createDebateFeature } from '../../../server/live/debates';
import { APP_ORIGIN } from '../members/support/browser';
import { DATABASE_KINDS, openTestDatabase, type TestDatabase } from '../members/support/testDatabase';
import { addMember, type TestMember } from '../social/support/members';
import { inProcessBus, liveServer, type InProcessBus, type LiveServer } from '../live/support/liveHarness';

// A debate cannot grow without end: every message is pushed to both sides, so a debate holds at most
// 200 messages (100,000 characters in all), and leaving one scores at most what 200 messages earn.

describe.each(DATABASE_KINDS)('a live debate kept in bounds on %s', (kind) => {
  let database: TestDatabase;
  let server: LiveServer;
  let ada: TestMember;
  let bob: TestMember;
  let debateId: string;
  let bus: InProcessBus;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  }, 60_000);
  afterEach(async () => {
    // A test ends before the pushes its last frame started; they must finish before the database closes.
    await bus.settle();
  });
  afterAll(async () => {
    await database?.dispose();
  });
  beforeEach(async () => {
    await database.db.deleteFrom('members').execute();
    const app = createApp(loadConfig({ PUBLIC_ORIGIN: APP_ORIGIN }), { members: { db: database.db } });
    bus = inProcessBus();
    server = liveServer(database.db, bus, createDebateFeature({ ai: { hotTakesPrompt: () => Promise.resolve('Topic: Tabs\nTabs?') }, disconnectGraceMs: 0 }), Date.now);
    ada = await addMember(database, app, 'Ada');
    bob = await addMember(database, app, 'Bob');
    debateId = randomUUID();
    await database.db.insertInto('debates').values({ id: debateId, member_a: ada.id, member_b: bob.id, prompt: 'Topic: Tabs\nTabs?', take_a: 'Tabs', take_b: 'Spaces' }).execute();
  });

  async function storeMessages(count: number, text = 'x'): Promise<void> {
    await sql`insert into debate_messages (debate_id, sender_id, client_id, text, sent_at)
      select ${debateId}, ${ada.id}, 'stored-' || n, ${text}, now() from generate_series(1, ${count}) n`.execute(database.db);
  }

  it('refuses the 201st message with DEBATE_FULL', async () => {
    await storeMessages(200);
    const tab = await server.connect(ada.id);
    await server.feature.onFrame?.(tab, { type: 'debate.say', debateId, clientId: 'one-too-many', text: 'more' });
    expect(server.framesOf(ada.id).at(-1)).toEqual({ type: 'error', code: 'DEBATE_FULL', message: 'This debate has reached its limit of 200 messages.' });
    const { count } = await database.db.selectFrom('debate_messages').select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
    expect(Number(count)).toBe(200);
  });

  it('refuses a message that would take the debate past 100,000 characters', async () => {
    await storeMessages(50, 'y'.repeat(2000));
    const tab = await server.connect(bob.id);
    await server.feature.onFrame?.(tab, { type: 'debate.say', debateId, clientId: 'too-long', text: 'z' });
    expect(server.framesOf(bob.id).at(-1)).toMatchObject({ type: 'error', code: 'DEBATE_FULL' });
  });

  it('still takes a message below the limits', async () => {
    await storeMessages(199);
    const tab = await server.connect(bob.id);
    await server.feature.onFrame?.(tab, { type: 'debate.say', debateId, clientId: 'last-one', text: 'the last word' });
    expect(server.framesOf(bob.id).filter((frame) => frame.type === 'error')).toEqual([]);
  });

  it('scores a debate left with more stored messages than the cap as 200 messages: 2,080 points each', async () => {
    await storeMessages(1_000);
    const tab = await server.connect(ada.id);
    await server.feature.onFrame?.(tab, { type: 'debate.leave', debateId });
    const results = await database.db.selectFrom('game_results').select(['member_id', 'points']).orderBy('member_id').execute();
    expect(results.map((row) => row.points).sort()).toEqual([2080, 2080]);
  });
});
