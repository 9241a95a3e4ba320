import { afterEach, describe, expect, inject, it } from 'vitest';
import { createPostgresDatabase, migratedDataDir, ALL_DATABASE_KINDS } from './support/testDatabase';
import { startServerProcess, type ServerProcess } from './support/serverProcess';

// Durability: sign-ups against the real server process, which is killed with SIGKILL while
// sign-ups are still in flight. After a restart on the same data, every sign-up that was answered
// 201 can log in.

const PASSWORD = 'Durable-Pa55word-7';
const WRITERS = 3;
const KILL_AFTER = 9;

async function signUp(url: string, n: number): Promise<number | 'no answer'> {
  try {
    const response = await fetch(`${url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: url },
      body: JSON.stringify({ username: `durable${n}`, email: `durable${n}@example.com`, password: PASSWORD }),
    });
    return response.status;
  } catch {
    return 'no answer';
  }
}

describe.each(ALL_DATABASE_KINDS)('durability on %s', (kind) => {
  const cleanups: Array<() => Promise<void> | void> = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('keeps every answered sign-up across a kill -9 and a restart', { timeout: 240_000 }, async () => {
    let env: Record<string, string>;
    if (kind === 'pglite') {
      const data = migratedDataDir();
      cleanups.push(data.remove);
      env = { DATA_DIR: data.dir };
    } else {
      const database = await createPostgresDatabase(inject('postgresTemplate'));
      cleanups.push(database.drop);
      env = { DATABASE_URL: database.url };
    }

    // Every sign-up here comes from one address; the per-client sign-up limit is tested in tests/server/abuse.
    env.RATE_LIMIT_SIGNUP_PER_HOUR = '10000';
    const first: ServerProcess = await startServerProcess(env);
    cleanups.push(() => first.killHard());
    const answered: number[] = [];
    let next = 0;
    let killed: Promise<void> | undefined;
    // A few writers sign up one member after another; once KILL_AFTER are answered the process is
    // killed with the others' requests still in flight.
    await Promise.all(
      Array.from({ length: WRITERS }, async () => {
        while (!killed) {
          const n = next++;
          const status = await signUp(first.url, n);
          if (status === 201) answered.push(n);
          else if (status !== 'no answer') throw new Error(`sign-up ${n} answered ${status}`);
          if (answered.length >= KILL_AFTER) killed ??= first.killHard();
        }
      }),
    );
    await killed;
    expect(answered.length).toBeGreaterThanOrEqual(KILL_AFTER);

    const second = await startServerProcess(env);
    cleanups.push(() => second.stop());
    for (const n of answered) {
      const response = await fetch(`${second.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: second.url },
        body: JSON.stringify({ username: `durable${n}`, password: PASSWORD }),
      });
      expect(response.status, `durable${n}`).toBe(200);
    }
    // The server's own log, both runs: the password never appears in it.
    expect(first.output() + second.output()).toContain('members database: ');
    expect(first.output() + second.output()).not.toContain(PASSWORD);
  });
});
