import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** How much of the creating process's error output a failure reports. */
const STDERR_KEPT = 4_000;

/** Whether `dataDir` holds no database yet (Postgres writes PG_VERSION into every data folder). */
export function needsCreating(dataDir: string): boolean {
  return !existsSync(join(dataDir, 'PG_VERSION'));
}

/** The bundle (dist-server/db/pgliteCreate.js, beside start.js) or, run from source, the TypeScript file through tsx. */
function createCommand(dataDir: string): string[] {
  const bundled = fileURLToPath(new URL('./db/pgliteCreate.js', import.meta.url));
  if (existsSync(bundled)) return [bundled, dataDir];
  return ['--import', 'tsx', fileURLToPath(new URL('./pgliteCreate.ts', import.meta.url)), dataDir];
}

/**
 * Creates the embedded database in `dataDir` in a short-lived child process (pgliteCreate.ts), so the
 * memory initdb takes is the child's and is released when it exits. A server that exits meanwhile,
 * even killed, takes the child with it.
 */
export function createInChildProcess(dataDir: string): Promise<void> {
  // The IPC channel is only there to close when this process ends, however it ends (kill -9 included).
  const child = spawn(process.execPath, createCommand(dataDir), { stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  const stopChild = () => child.kill('SIGKILL');
  process.once('exit', stopChild);
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (text: string) => {
    stderr = (stderr + text).slice(-STDERR_KEPT);
  });
  return new Promise((resolve, reject) => {
    child.once('error', (error) => {
      process.off('exit', stopChild);
      reject(error);
    });
    child.once('close', (code, signal) => {
      process.off('exit', stopChild);
      if (code === 0) resolve();
      else reject(new Error(`Creating the embedded database in ${dataDir} failed (${signal ?? `exit code ${code}`}): ${stderr.trim()}`));
    });
  });
}
