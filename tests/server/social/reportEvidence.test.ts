import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../members/support/testDatabase';
import { listOpenReports } from '../../../server/social/reports';
import { befriend, expectAnswer, json, useWorld, type Person } from './support/world';

// A report from a message or a live debate keeps copies of the reported line and up to ten lines
// before it (both sides), looked up by the server from the ids sent. A line that is not the
// reporter's to report is 404 like one that does not exist; the limit of 10 reports a day holds.

const NOT_FOUND = { error: { code: 'MESSAGE_NOT_FOUND', message: 'That message could not be found.' } };
const DEBATE_NOT_FOUND = { error: { code: 'REPORTED_DEBATE_NOT_FOUND', message: 'That debate could not be found.' } };
const INVALID = { error: { code: 'INVALID_REQUEST', message: 'That request could not be understood.' } };

describe.each(DATABASE_KINDS)('report evidence on %s', (kind) => {
  const world = useWorld(kind);
  let minute = 0;

  /** Stores a message as the live layer would, a minute after the last one; answers its id. */
  async function say(from: Person, to: Person, text: string): Promise<string> {
    minute += 1;
    const row = await world.database.db
      .insertInto('messages')
      .values({ sender_id: from.id, recipient_id: to.id, client_id: randomUUID(), text, sent_at: new Date(Date.UTC(2026, 2, 1, 11, minute)) })
      .returning(sql<string>`id::text`.as('id'))
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const report = (person: Person, body: Record<string, unknown>) => person.browser.request('POST', '/api/reports', { reason: 'harassment', ...body });

  async function evidenceRows() {
    const rows = await world.database.db.selectFrom('report_evidence').selectAll().orderBy('report_id').orderBy('position').execute();
    return rows.map((row) => ({ position: row.position, sender: row.sender_username, fromReported: row.from_reported, text: row.text, sentAt: new Date(row.sent_at).toISOString() }));
  }

  it('copies the reported message and the ten before it, both sides, newest first; other conversations stay out', async () => {
    minute = 0;
    const [alice, bob, carol] = await world.signUpEach('Alice', 'Bob', 'Carol');
    await befriend(alice, bob);
    const ids: string[] = [];
    for (let i = 1; i <= 14; i += 1) {
      ids.push(await say(i % 2 === 0 ? bob : alice, i % 2 === 0 ? alice : bob, `line ${i}`));
      await say(carol, alice, `carol ${i}`);
    }
    // 'line 14' (Bob's) comes after the reported one and is not evidence.
    const filed = await report(alice, { userId: bob.id, source: 'message', messageId: ids[11] });
    expect(filed.status).toBe(201);
    const { id } = await json<{ id: string }>(filed);

    const rows = await evidenceRows();
    expect(rows.map((row) => [row.position, row.sender, row.fromReported, row.text])).toEqual([
      [0, 'Bob', true, 'line 12'],
      [1, 'Alice', false, 'line 11'],
      [2, 'Bob', true, 'line 10'],
      [3, 'Alice', false, 'line 9'],
      [4, 'Bob', true, 'line 8'],
      [5, 'Alice', false, 'line 7'],
      [6, 'Bob', true, 'line 6'],
      [7, 'Alice', false, 'line 5'],
      [8, 'Bob', true, 'line 4'],
      [9, 'Alice', false, 'line 3'],
      [10, 'Bob', true, 'line 2'],
    ]);
    expect(rows[0]?.sentAt).toBe('2026-03-01T11:23:00.000Z');

    const [listed] = await listOpenReports(world.database.db);
    expect(listed).toMatchObject({ id, source: 'message', reported: 'Bob', reporter: 'Alice' });
    // Operators read it in the order it was written, the reported line last.
    expect(listed?.evidence.map((line) => [line.position, line.text])).toEqual([
      [10, 'line 2'], [9, 'line 3'], [8, 'line 4'], [7, 'line 5'], [6, 'line 6'], [5, 'line 7'], [4, 'line 8'], [3, 'line 9'], [2, 'line 10'], [1, 'line 11'], [0, 'line 12'],
    ]);
  });

  it('keeps fewer lines when the conversation is shorter', async () => {
    minute = 0;
    const [alice, bob] = await world.signUpEach('Alice', 'Bob');
    await say(alice, bob, 'hi');
    const rude = await say(bob, alice, 'go away');
    expect((await report(alice, { userId: bob.id, source: 'message', messageId: rude })).status).toBe(201);
    expect((await evidenceRows()).map((row) => [row.position, row.sender, row.text])).toEqual([
      [0, 'Bob', 'go away'],
      [1, 'Alice', 'hi'],
    ]);
  });

  it('the copies outlive edits, deleted messages and both accounts', async () => {
    minute = 0;
    const [alice, bob] = await world.signUpEach('Alice', 'Bob');
    await say(alice, bob, 'hello');
    const rude = await say(bob, alice, 'you are awful');
    expect((await report(alice, { userId: bob.id, source: 'message', messageId: rude, note: 'see above' })).status).toBe(201);

    await world.database.db.updateTable('messages').set({ text: 'edited away' }).execute();
    await world.database.db.deleteFrom('messages').execute();
    await world.database.db.deleteFrom('members').where('id', 'in', [alice.id, bob.id]).execute();

    const [listed] = await listOpenReports(world.database.db);
    expect(listed).toMatchObject({ reporter: null, reported: 'Bob', note: 'see above', source: 'message' });
    expect(listed?.evidence).toEqual([
      { position: 1, sender: 'Alice', fromReported: false, text: 'hello', sentAt: '2026-03-01T11:01:00.000Z' },
      { position: 0, sender: 'Bob', fromReported: true, text: 'you are awful', sentAt: '2026-03-01T11:02:00.000Z' },
    ]);
  });

  it("refuses (404, the same answer) a message that does not exist, another pair's, one from someone else, or the reporter's own; nothing is stored or spent", async () => {
    minute = 0;
    const [alice, bob, carol] = await world.signUpEach('Alice', 'Bob', 'Carol');
    const mine = await say(alice, bob, 'my own words');
    const carolToBob = await say(carol, bob, 'between them');
    const carolToAlice = await say(carol, alice, 'from carol');
    const bobToCarol = await say(bob, carol, 'bob to carol');
    for (const messageId of [mine, carolToBob, carolToAlice, bobToCarol, '999999999999999999', '0']) {
      await expectAnswer(report(alice, { userId: bob.id, source: 'message', messageId }), 404, NOT_FOUND, messageId);
    }
    expect(await world.database.db.selectFrom('reports').select('id').execute()).toEqual([]);
    expect(await world.database.db.selectFrom('member_actions').select('member_id').execute()).toEqual([]);
  });

  it('refuses malformed and NUL-laden ids and mismatched fields (400), and a huge body (413)', async () => {
    const [alice, bob] = await world.signUpEach('Alice', 'Bob');
    const bodies: Record<string, unknown>[] = [
      { userId: bob.id, source: 'message' },
      { userId: bob.id, source: 'message', messageId: 'abc' },
      { userId: bob.id, source: 'message', messageId: '-1' },
      { userId: bob.id, source: 'message', messageId: '1'.repeat(19) },
      { userId: bob.id, source: 'message', messageId: '12\u0000' },
      { userId: bob.id, source: 'message', messageId: 12 },
      { userId: bob.id, source: 'profile', messageId: '1' },
      { userId: bob.id, messageId: '1' },
      { userId: bob.id, source: 'debate' },
      { userId: bob.id, source: 'message', messageId: '1', debateId: randomUUID() },
      { userId: bob.id, source: 'debate', debateId: 'x'.repeat(101) },
      { userId: bob.id, source: 'debate', debateId: 'a\u0000b' },
      { userId: bob.id, source: 'chat' },
    ];
    for (const body of bodies) await expectAnswer(report(alice, body), 400, INVALID, JSON.stringify(body).slice(0, 80));
    // A body past the JSON limit is refused before anything reads it.
    expect((await report(alice, { userId: bob.id, source: 'message', messageId: '9'.repeat(100_000) })).status).toBe(413);
    expect(await world.database.db.selectFrom('reports').select('id').execute()).toEqual([]);
  });

  it('files at most 10 message reports a day when 400 arrive at once, each with its full evidence', async () => {
    minute = 0;
    const [alice, bob] = await world.signUpEach('Alice', 'Bob');
    let last = '';
    for (let i = 1; i <= 12; i += 1) last = await say(i % 2 === 0 ? bob : alice, i % 2 === 0 ? alice : bob, `line ${i}`);
    const answers = await Promise.all(Array.from({ length: 400 }, () => report(alice, { userId: bob.id, source: 'message', messageId: last })));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(390);
    expect(await world.database.db.selectFrom('reports').select('id').execute()).toHaveLength(10);
    const perReport = await world.database.db.selectFrom('report_evidence').select((eb) => ['report_id', eb.fn.countAll<string>().as('lines')]).groupBy('report_id').execute();
    expect(perReport.map((row) => Number(row.lines))).toEqual(Array.from({ length: 10 }, () => 11));
  }, 120_000);

  it('marks a report from a friend request row, with no evidence', async () => {
    const [alice, bob] = await world.signUpEach('Alice', 'Bob');
    expect((await report(alice, { userId: bob.id, source: 'friendRequest' })).status).toBe(201);
    expect((await listOpenReports(world.database.db)).map((r) => [r.source, r.evidence])).toEqual([['friendRequest', []]]);
  });

  describe('from a live debate', () => {
    /** A debate between Alice and Bob with 14 lines, Bob's on even turns, the last (14) Bob's. */
    async function debate(alice: Person, bob: Person, carol: Person) {
      const debateId = randomUUID();
      const db = world.database.db;
      await db.insertInto('debates').values({ id: debateId, member_a: alice.id, member_b: bob.id, prompt: 'Vinyl is better', take_a: 'yes', take_b: 'no' }).execute();
      const otherId = randomUUID();
      await db.insertInto('debates').values({ id: otherId, member_a: bob.id, member_b: carol.id, prompt: 'Tabs', take_a: 'a', take_b: 'b' }).execute();
      const lines: string[] = [];
      for (let i = 1; i <= 13; i += 1) {
        const row = await db
          .insertInto('debate_messages')
          .values({ debate_id: debateId, sender_id: i % 2 === 0 ? bob.id : alice.id, client_id: `c${i}`, text: `turn ${i}`, sent_at: new Date(Date.UTC(2026, 2, 1, 11, i)) })
          .returning(sql<string>`id::text`.as('id'))
          .executeTakeFirstOrThrow();
        lines.push(row.id);
      }
      const other = await db
        .insertInto('debate_messages')
        .values({ debate_id: otherId, sender_id: bob.id, client_id: 'o1', text: 'elsewhere' })
        .returning(sql<string>`id::text`.as('id'))
        .executeTakeFirstOrThrow();
      return { debateId, otherId, lines, otherLine: other.id };
    }

    it("keeps the partner's latest line and the ten before it when no line is chosen", async () => {
      const [alice, bob, carol] = await world.signUpEach('Alice', 'Bob', 'Carol');
      const { debateId } = await debate(alice, bob, carol);
      expect((await report(alice, { userId: bob.id, source: 'debate', debateId })).status).toBe(201);
      // Alice's 'turn 13' came after Bob's latest and is not evidence.
      expect((await evidenceRows()).map((row) => [row.position, row.sender, row.text])).toEqual([
        [0, 'Bob', 'turn 12'], [1, 'Alice', 'turn 11'], [2, 'Bob', 'turn 10'], [3, 'Alice', 'turn 9'], [4, 'Bob', 'turn 8'], [5, 'Alice', 'turn 7'],
        [6, 'Bob', 'turn 6'], [7, 'Alice', 'turn 5'], [8, 'Bob', 'turn 4'], [9, 'Alice', 'turn 3'], [10, 'Bob', 'turn 2'],
      ]);
      expect((await listOpenReports(world.database.db))[0]?.source).toBe('debate');
    });

    it('keeps a chosen line of the partner and what came before it', async () => {
      const [alice, bob, carol] = await world.signUpEach('Alice', 'Bob', 'Carol');
      const { debateId, lines } = await debate(alice, bob, carol);
      expect((await report(alice, { userId: bob.id, source: 'debate', debateId, messageId: lines[3] })).status).toBe(201);
      expect((await evidenceRows()).map((row) => [row.position, row.text])).toEqual([[0, 'turn 4'], [1, 'turn 3'], [2, 'turn 2'], [3, 'turn 1']]);
    });

    it("refuses (404) someone else's debate, a debate with someone else, the reporter's own line and a line of another debate", async () => {
      const [alice, bob, carol] = await world.signUpEach('Alice', 'Bob', 'Carol');
      const { debateId, otherId, lines, otherLine } = await debate(alice, bob, carol);
      await expectAnswer(report(alice, { userId: bob.id, source: 'debate', debateId: otherId }), 404, DEBATE_NOT_FOUND, 'their debate');
      await expectAnswer(report(carol, { userId: alice.id, source: 'debate', debateId }), 404, DEBATE_NOT_FOUND, 'not in it');
      await expectAnswer(report(alice, { userId: carol.id, source: 'debate', debateId }), 404, DEBATE_NOT_FOUND, 'wrong partner');
      await expectAnswer(report(alice, { userId: bob.id, source: 'debate', debateId, messageId: lines[0] }), 404, DEBATE_NOT_FOUND, 'own line');
      await expectAnswer(report(alice, { userId: bob.id, source: 'debate', debateId, messageId: otherLine }), 404, DEBATE_NOT_FOUND, 'other debate');
      await expectAnswer(report(alice, { userId: bob.id, source: 'debate', debateId: 'not-a-uuid' }), 404, DEBATE_NOT_FOUND, 'malformed');
      expect(await world.database.db.selectFrom('reports').select('id').execute()).toEqual([]);
    });
  });
});
