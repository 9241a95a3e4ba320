import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { createInChildProcess, needsCreating } from './pgliteCreation';
import type { ErrorFields, FromWorker, QueryAnswer, ToWorker, WorkerStart } from './pgliteThreadProtocol';

// The server's embedded database runs on a worker thread (pgliteWorker.ts), so a database that stops
// answering (PGlite spinning on a full disk) cannot stall the server with it. Every call has a
// deadline: past it the caller gets DatabaseUnavailable (a clear 503), and a thread that answers
// nothing at all, not even a ping, for DATABASE_WEDGED_AFTER_MS is reported wedged, on which the
// server exits non-zero for its supervisor to restart it.

/** How long one statement may take before its caller is told the database is unavailable. */
export const DATABASE_ANSWER_TIMEOUT_MS = 4_000;
/** How long the database thread may answer nothing at all (pings included) before it counts as wedged. */
export const DATABASE_WEDGED_AFTER_MS = 15_000;
const PING_EVERY_MS = 1_000;

/** The database did not answer in time, or no longer answers at all. */
export class DatabaseUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseUnavailable';
  }
}

/**
 * Whether a failed query means the database cannot serve right now (rather than a bug): it did not
 * answer in time, or Postgres reported insufficient resources (SQLSTATE class 53: a full disk) or a
 * system error (class 58: I/O).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailable) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^5[38][0-9A-Z]{3}$/.test(code);
}

/** What pglitePool and the live bus need of PGlite: the worker thread's stand-in offers just that. */
export interface EmbeddedDatabase {
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[]; affectedRows?: number; command?: string }>;
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
  readonly closed: boolean;
  /** From now on every call has its deadline (the worker thread's; PGlite on the calling thread has none). */
  armDeadlines?(): void;
}

export interface PgliteThreadOptions {
  /** Called once when the thread is wedged or died: the server logs `reason` and exits. */
  onWedged(reason: string): void;
  answerTimeoutMs?: number;
  wedgedAfterMs?: number;
}

function databaseError(fields: ErrorFields): Error {
  return Object.assign(new Error(fields.message), fields);
}

/** The bundle (dist-server/db/pgliteWorker.js, beside start.js) or, run from source, the TypeScript file through tsx. */
function startWorker(data: WorkerStart): Worker {
  const bundled = new URL('./db/pgliteWorker.js', import.meta.url);
  if (existsSync(fileURLToPath(bundled))) return new Worker(bundled, { workerData: data });
  const source = JSON.stringify(new URL('./pgliteWorker.ts', import.meta.url).href);
  return new Worker(`import('tsx/esm/api').then(({ tsImport }) => tsImport(${source}, ${source}))`, { eval: true, workerData: data });
}

/**
 * Opens the embedded database in `dataDir` on its own thread; resolves once it is open. A fresh
 * `dataDir` is first created in a child process (pgliteCreation.ts), so this one never holds initdb's memory.
 */
export async function openPgliteThread(dataDir: string, options: PgliteThreadOptions): Promise<EmbeddedDatabase> {
  if (needsCreating(dataDir)) await createInChildProcess(dataDir);
  return startPgliteThread(dataDir, options);
}

function startPgliteThread(dataDir: string, options: PgliteThreadOptions): Promise<EmbeddedDatabase> {
  const answerTimeoutMs = options.answerTimeoutMs ?? DATABASE_ANSWER_TIMEOUT_MS;
  const wedgedAfterMs = options.wedgedAfterMs ?? DATABASE_WEDGED_AFTER_MS;
  const worker = startWorker({ dataDir });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void; timer: NodeJS.Timeout | undefined }>();
  const listeners = new Map<number, (payload: string) => void>();
  let nextId = 1;
  let lastHeard = Date.now();
  /** A statement timed out and the thread has not answered anything since: further calls fail at once. */
  let unresponsive = false;
  let wedged: string | undefined;
  let closed = false;
  let opened!: () => void;
  let openFailed!: (error: Error) => void;
  const opening = new Promise<void>((resolve, reject) => {
    opened = resolve;
    openFailed = reject;
  });

  function failEverything(reason: string): void {
    for (const [id, call] of pending) {
      clearTimeout(call.timer);
      call.reject(new DatabaseUnavailable(reason));
      pending.delete(id);
    }
  }

  function wedge(reason: string): void {
    if (wedged !== undefined || closed) return;
    wedged = reason;
    clearInterval(watchdog);
    failEverything(reason);
    openFailed(new DatabaseUnavailable(reason));
    options.onWedged(reason);
  }

  let watchdog: NodeJS.Timeout | undefined;
  /** Creating a database runs initdb in long uninterrupted stretches, so the watch starts once it is open. */
  function startWatching(): void {
    watchdog = setInterval(() => {
      const silentFor = Date.now() - lastHeard;
      if (silentFor > wedgedAfterMs) wedge(`the embedded database has answered nothing for ${Math.round(silentFor / 1000)} s`);
      else worker.postMessage({ op: 'ping', id: 0 } satisfies ToWorker);
    }, PING_EVERY_MS);
    watchdog.unref();
  }
  /** Off while the schema is brought up to date (armDeadlines): a slow migration is not a fault. */
  let deadlines = false;

  worker.on('message', (message: FromWorker) => {
    lastHeard = Date.now();
    unresponsive = false;
    if (message.op === 'opened') {
      startWatching();
      opened();
    }
    else if (message.op === 'openFailed') openFailed(databaseError(message.error));
    else if (message.op === 'notification') listeners.get(message.listenId)?.(message.payload);
    else if (message.op === 'answer') {
      const call = pending.get(message.id);
      if (!call) return;
      pending.delete(message.id);
      clearTimeout(call.timer);
      if (message.error) call.reject(databaseError(message.error));
      else call.resolve(message.result);
    }
  });
  worker.on('error', (error) => wedge(`the embedded database thread failed: ${error.message}`));
  worker.on('exit', (code) => {
    if (!closed) wedge(`the embedded database thread stopped (exit code ${code})`);
  });

  function call(message: ToWorker, timeoutMs = answerTimeoutMs): Promise<unknown> {
    if (wedged !== undefined) return Promise.reject(new DatabaseUnavailable(wedged));
    if (closed) return Promise.reject(new Error('The embedded database is closed.'));
    if (unresponsive && message.op !== 'close') return Promise.reject(new DatabaseUnavailable('the embedded database is not answering'));
    return new Promise((resolve, reject) => {
      const timer = !(deadlines || message.op === 'close') ? undefined : setTimeout(() => {
        pending.delete(message.id);
        unresponsive = true;
        // Whatever transaction the late statement was in must not carry over into the next caller's.
        worker.postMessage({ op: 'query', id: 0, sql: 'ROLLBACK', params: [] } satisfies ToWorker);
        reject(new DatabaseUnavailable(`the embedded database did not answer within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      pending.set(message.id, { resolve, reject, timer });
      worker.postMessage(message);
    });
  }

  const database: EmbeddedDatabase = {
    get closed() {
      return closed;
    },
    armDeadlines() {
      deadlines = true;
    },
    async query(sql: string, params: unknown[] = []) {
      const answer = (await call({ op: 'query', id: nextId++, sql, params })) as QueryAnswer;
      return { rows: answer.rows, affectedRows: answer.affectedRows, command: answer.command };
    },
    async listen(channel, onPayload) {
      const id = nextId++;
      listeners.set(id, onPayload);
      await call({ op: 'listen', id, channel });
      return async () => {
        listeners.delete(id);
        if (!closed) await call({ op: 'unlisten', id: nextId++, listenId: id });
      };
    },
    async close() {
      if (closed) return;
      try {
        if (wedged === undefined) await call({ op: 'close', id: nextId++ });
      } finally {
        closed = true;
        clearInterval(watchdog);
        failEverything('the embedded database is closed');
        await worker.terminate();
      }
    },
  };
  return opening.then(
    () => database,
    async (error: unknown) => {
      closed = true;
      clearInterval(watchdog);
      await worker.terminate();
      throw error;
    },
  );
}
