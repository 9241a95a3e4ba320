import { hash, verify } from '@node-rs/argon2';

// argon2id with the library's defaults (19 MiB, 2 passes: OWASP's minimum for argon2id). Every hash
// and check goes through one small queue: at most PASSWORD_WORK_CONCURRENCY run at once (each holds
// one of libuv's four worker threads, which file and DNS work share) and at most
// PASSWORD_WORK_MAX_WAITING wait; past that the work is refused with PasswordWorkBusy (the routes
// answer 503 with Retry-After) rather than letting a flood of sign-ups or log-ins starve the server.

export const PASSWORD_WORK_CONCURRENCY = 2;
export const PASSWORD_WORK_MAX_WAITING = 32;

/** Algorithm.Argon2id: the package's enum is a const enum, which isolated modules cannot read. */
const ARGON2ID = 2;

export class PasswordWorkBusy extends Error {
  constructor() {
    super('Too many password checks are waiting.');
  }
}

export function workQueue(concurrency: number, maxWaiting: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= concurrency) {
      if (waiting.length >= maxWaiting) throw new PasswordWorkBusy();
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      running += 1;
    }
    try {
      return await task();
    } finally {
      // The slot passes straight to the next in line, so `running` only drops when no one waits.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

const passwordWork = workQueue(PASSWORD_WORK_CONCURRENCY, PASSWORD_WORK_MAX_WAITING);

export function hashPassword(password: string): Promise<string> {
  // eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment -- the const enum cannot be imported (see ARGON2ID)
  return passwordWork(() => hash(password, { algorithm: ARGON2ID }));
}

export async function passwordMatches(passwordHash: string, password: string): Promise<boolean> {
  return passwordWork(async () => {
    try {
      return await verify(passwordHash, password);
    } catch {
      // A malformed stored hash never matches; the reason is not the caller's business.
      return false;
    }
  });
}

let decoy: Promise<string> | undefined;

/** Spends the same time as a real check, so "no such name" cannot be told apart by timing. */
export async function spendPasswordCheck(password: string): Promise<void> {
  decoy ??= hashPassword('decoy password for unknown usernames').catch((error: unknown) => {
    decoy = undefined;
    throw error;
  });
  await passwordMatches(await decoy, password);
}
