import { Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, type DatabaseConnection, type Driver } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import type { Database } from '../../server/db/schema';
import { createLogger } from '../../server/lib/log';

// What a caller gets when a route fails in a way no route handles: the error envelope, never a stack
// or an HTML page, and one error line in the server's log naming the request.

const config = loadConfig({ PORT: '5173', HOST: '127.0.0.1' });
const SAME_ORIGIN = { 'Sec-Fetch-Site': 'same-origin', Cookie: 'mycelius_session=s0me-session-id' };

/** A members database whose every statement fails with `failure`, as a lost or full database does. */
function failingDatabase(failure: () => Error): Kysely<Database> {
  const connection: DatabaseConnection = {
    executeQuery: () => Promise.reject(failure()),
    // eslint-disable-next-line require-yield -- a stream that fails before its first row
    streamQuery: async function* () {
      throw failure();
    },
  };
  const driver: Driver = {
    init: async () => undefined,
    acquireConnection: async () => connection,
    beginTransaction: async () => undefined,
    commitTransaction: async () => undefined,
    rollbackTransaction: async () => undefined,
    releaseConnection: async () => undefined,
    destroy: async () => undefined,
  };
  return new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
}

function appOn(failure: () => Error) {
  const lines: Record<string, unknown>[] = [];
  const log = createLogger('debug', (line) => lines.push(JSON.parse(line) as Record<string, unknown>));
  const app = createApp(config, { members: { db: failingDatabase(failure) }, log });
  // The request line of a 5xx is logged at error level too; the fault's own line is the one asked about.
  return { app, errors: () => lines.filter((line) => line.level === 'error' && line.msg !== 'request') };
}

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe('a failure no route handles', () => {
  it('is answered 500 INTERNAL in the error envelope, with no detail of the fault, and logged once with its path', async () => {
    const { app, errors } = appOn(() => new Error('secret detail: relation "sessions" is broken'));
    const response = await app.request('/api/me', { headers: SAME_ORIGIN });
    expect(response.status).toBe(500);
    expect(response.headers.get('Content-Type')).toMatch(/^application\/json/);
    const body = await response.text();
    expect(JSON.parse(body)).toEqual({ error: { code: 'INTERNAL', message: 'Something went wrong on the server.' } });
    expect(body).not.toContain('secret detail');
    expect(errors()).toEqual([expect.objectContaining({ msg: 'unhandled error', path: '/api/me', method: 'GET' })]);
  });

  it.each([
    ['too many connections', '53300'],
    ['disk full', '53100'],
    ['an I/O error', '58030'],
  ])('is answered 503 DATABASE_UNAVAILABLE when the database reports %s (SQLSTATE %s)', async (_what, sqlState) => {
    const { app, errors } = appOn(() => withCode('database trouble', sqlState));
    const response = await app.request('/api/me', { headers: SAME_ORIGIN });
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: { code: 'DATABASE_UNAVAILABLE', message: 'The server cannot reach its database right now. Please try again in a minute.' },
    });
    expect(errors()).toEqual([expect.objectContaining({ msg: 'the database is not answering or cannot store', path: '/api/me' })]);
  });

  it('is a 500, not a 503, when the database refuses a statement for any other reason (a unique key, SQLSTATE 23505)', async () => {
    const { app } = appOn(() => withCode('duplicate key', '23505'));
    const response = await app.request('/api/me', { headers: SAME_ORIGIN });
    expect(response.status).toBe(500);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('INTERNAL');
  });

  it('leaves the guest routes, which need no database, answering', async () => {
    const { app } = appOn(() => new Error('down'));
    const response = await app.request('/api/health');
    expect(response.status).toBe(200);
  });
});

describe('the members routes are mounted only with a members database', () => {
  it('answers /api/me 404 NOT_FOUND on an app built without one', async () => {
    const response = await createApp(config).request('/api/me', { headers: SAME_ORIGIN });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No such API route.' } });
  });
});
