import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

// The embedded database belongs to one process at a time: two PGlite instances on one DATA_DIR each
// see only their own writes, and whatever one wrote can be lost when the other closes. The process
// that opens it (the server, `npm run db:migrate`, `npm run reports`) holds a lock file in it with its
// pid, created atomically; any other is refused, naming that pid. A lock whose process is gone (killed,
// crashed) is taken over.

export const DATA_DIR_LOCK_FILE = 'mycelius.lock';

export class DataDirLocked extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${holderPid} (a Mycelius server, npm run db:migrate or npm run reports). ` +
        'Stop that process first: one process at a time may open DATA_DIR.',
    );
    this.name = 'DataDirLocked';
  }
}

/** Locks held by this process, by lock file: several openers in one process share the one lock. */
const heldHere = new Map<string, number>();

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function holderOf(lockFile: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(lockFile, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function createExclusively(lockFile: string): boolean {
  try {
    const fd = openSync(lockFile, 'wx');
    try {
      writeSync(fd, `${process.pid}\n`);
    } finally {
      closeSync(fd);
    }
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** Takes `dataDir`'s lock for this process; returns its release. Throws DataDirLocked when another process holds it. */
export function lockDataDir(dataDir: string): () => void {
  const lockFile = join(dataDir, DATA_DIR_LOCK_FILE);
  const held = heldHere.get(lockFile);
  if (held === undefined) {
    if (!createExclusively(lockFile)) {
      const holder = holderOf(lockFile);
      // Our own pid in a lock we do not hold is a previous life of this pid (a container restarted): stale too.
      if (holder !== undefined && holder !== process.pid && isRunning(holder)) throw new DataDirLocked(dataDir, holder);
      unlinkSync(lockFile);
      if (!createExclusively(lockFile)) throw new DataDirLocked(dataDir, holderOf(lockFile) ?? 0);
    }
  }
  heldHere.set(lockFile, (held ?? 0) + 1);
  const removeOwnLock = () => {
    if (holderOf(lockFile) === process.pid) unlinkSync(lockFile);
  };
  // A process that exits without closing the database (a crash, process.exit) leaves no lock behind.
  process.once('exit', removeOwnLock);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    process.off('exit', removeOwnLock);
    const left = (heldHere.get(lockFile) ?? 1) - 1;
    if (left > 0) {
      heldHere.set(lockFile, left);
      return;
    }
    heldHere.delete(lockFile);
    removeOwnLock();
  };
}

/** For the command-line tools: a locked DATA_DIR is a one-line refusal and exit code 1, not a stack trace. */
export function exitIfDataDirLocked(error: unknown): never {
  if (error instanceof DataDirLocked) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  throw error;
}
