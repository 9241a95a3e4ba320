import { setFlagsFromString } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pgliteOptions } from './pgliteSettings';
import type { ErrorFields, FromWorker, QueryAnswer, ToWorker, WorkerStart } from './pgliteThreadProtocol';

// The embedded database's own thread (started by pgliteThread.ts). PGlite runs Postgres compiled to
// WebAssembly on the thread that calls it; when its files cannot be written (a full disk) it can spin
// without returning. Here, that stalls only this thread: the main thread still answers requests,
// notices that the database stopped answering, and exits so the supervisor restarts the server.

const port = parentPort;
if (!port) throw new Error('pgliteWorker.ts runs as a worker thread (see pgliteThread.ts).');
const { dataDir } = workerData as WorkerStart;

function fieldsOf(error: unknown): ErrorFields {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: ErrorFields = { message: error.message, name: error.name };
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'object') continue;
    fields[key] = value;
  }
  return fields;
}

const post = (message: FromWorker) => port.postMessage(message);
const unlistens = new Map<number, () => Promise<void>>();

// PGlite's WebAssembly is compiled by V8 on background threads, and its hot functions again, optimized,
// as soon as they run (opening the database already runs many). A compilation's scratch memory is
// malloc'd on the thread that runs it, and the C library keeps what a thread frees in that thread's
// arena, interleaved with the compiled code's long-lived records, so it is never handed back: several
// of Postgres's large functions compiled at once left 40 to 50 MB resident for good. One compilation at
// a time keeps that to about one function's worth. Opening the database takes about a second longer;
// compiled code, and so queries, are the same. Set before PGlite compiles anything (set after opening,
// it saved nothing); the flag is process-wide, and only this thread runs WebAssembly.
setFlagsFromString('--wasm-num-compilation-tasks=1');

// Pings are answered from the start, while the database is still being opened (initdb runs in chunks).
const opening = PGlite.create(pgliteOptions(dataDir));

async function handle(message: Exclude<ToWorker, { op: 'ping' }>): Promise<void> {
  try {
    const pglite = await opening;
    if (message.op === 'query') {
      const { rows, affectedRows, command } = await pglite.query(message.sql, message.params);
      post({ op: 'answer', id: message.id, result: { rows, affectedRows, command } satisfies QueryAnswer });
    } else if (message.op === 'listen') {
      const listenId = message.id;
      unlistens.set(listenId, await pglite.listen(message.channel, (payload) => post({ op: 'notification', listenId, payload })));
      post({ op: 'answer', id: message.id });
    } else if (message.op === 'unlisten') {
      await unlistens.get(message.listenId)?.();
      unlistens.delete(message.listenId);
      post({ op: 'answer', id: message.id });
    } else {
      if (!pglite.closed) await pglite.close();
      post({ op: 'answer', id: message.id });
    }
  } catch (error) {
    post({ op: 'answer', id: message.id, error: fieldsOf(error) });
  }
}

port.on('message', (message: ToWorker) => {
  if (message.op === 'ping') post({ op: 'pong', id: message.id });
  else void handle(message);
});
opening.then(
  () => post({ op: 'opened' }),
  (error: unknown) => post({ op: 'openFailed', error: fieldsOf(error) }),
);
