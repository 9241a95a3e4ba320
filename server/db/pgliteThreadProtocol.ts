// The messages between the server's main thread and the worker thread that runs its embedded database
// (pgliteThread.ts, pgliteWorker.ts). Everything in them survives structured cloning.

export type ToWorker =
  | { op: 'query'; id: number; sql: string; params: unknown[] }
  | { op: 'listen'; id: number; channel: string }
  | { op: 'unlisten'; id: number; listenId: number }
  | { op: 'close'; id: number }
  | { op: 'ping'; id: number };

/** A database error's fields (code, constraint, detail...) as PGlite gave them, message included. */
export type ErrorFields = { message: string } & Record<string, unknown>;

export interface QueryAnswer {
  rows: unknown[];
  affectedRows?: number;
  command?: string;
}

export type FromWorker =
  | { op: 'opened' }
  | { op: 'openFailed'; error: ErrorFields }
  | { op: 'answer'; id: number; result?: unknown; error?: ErrorFields }
  | { op: 'notification'; listenId: number; payload: string }
  | { op: 'pong'; id: number };

export interface WorkerStart {
  dataDir: string;
}
