import { expect } from 'vitest';
import type { TestDatabase } from '../members/support/testDatabase';
import { json, type Person } from '../social/support/world';

// The moderation tests' set-up: the operator role given as `npm run operator` gives it (a row in
// operators; the script's own test covers the command), and a report filed through the real route.

export async function makeOperator(database: TestDatabase, person: Person): Promise<void> {
  await database.db.insertInto('operators').values({ member_id: person.id }).execute();
}

export async function report(from: Person, about: Person, reason = 'harassment', note?: string): Promise<string> {
  const filed = await from.browser.request('POST', '/api/reports', { userId: about.id, reason, ...(note === undefined ? {} : { note }) });
  expect(filed.status).toBe(201);
  return (await json<{ id: string }>(filed)).id;
}

export interface LogRow {
  operator: string;
  action: string;
  target: string;
  length: string | null;
  reason: string;
}

export async function logRows(database: TestDatabase): Promise<LogRow[]> {
  const rows = await database.db.selectFrom('moderation_log').selectAll().orderBy('created_at').execute();
  return rows.map((row) => ({ operator: row.operator_username, action: row.action, target: row.target_username, length: row.length, reason: row.reason }));
}
