import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { freePort } from '../../scripts/freePort';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

// A throwaway Postgres cluster for the database tests: Debian's `postgresql` binaries, initdb in a
// temp dir, a free loopback port, trust auth, stopped and removed afterwards. Postgres refuses to
// run as root, so as root the cluster belongs to the `postgres` user (or `nobody`).

export interface ThrowawayCluster {
  /** Connection URL of the cluster's `postgres` database, as the superuser `postgres`. */
  url: string;
  stop(): void;
}

function postgresBinDir(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = join(root, version, 'bin');
    if (['initdb', 'pg_ctl', 'postgres'].every((tool) => existsSync(join(bin, tool)))) return bin;
  }
  return undefined;
}

function installPostgres(): void {
  const isRoot = process.getuid?.() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!isRoot || !hasApt) {
    throw new Error('No Postgres server found. Install it (Debian/Ubuntu: sudo apt-get install postgresql) or set DATABASE_URL_TEST.');
  }
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'postgresql'], { stdio: 'ignore', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
}


/** The user the cluster runs as: ourselves, or when we are root an unprivileged account. */
function clusterOwner(): { name: string; uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  for (const name of ['postgres', 'nobody']) {
    const result = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    if (result.status === 0) {
      const uid = Number(result.stdout.trim());
      const gid = Number(spawnSync('id', ['-g', name], { encoding: 'utf8' }).stdout.trim());
      return { name, uid, gid };
    }
  }
  throw new Error('Running as root, but there is no postgres or nobody user to run the test cluster as.');
}

export async function startThrowawayCluster(): Promise<ThrowawayCluster> {
  let bin = postgresBinDir();
  if (!bin) {
    installPostgres();
    bin = postgresBinDir();
    if (!bin) throw new Error('Installing postgresql did not provide initdb and pg_ctl.');
  }
  const owner = clusterOwner();
  const dir = mkdtempSync(join(tmpdir(), 'mycelius-pg-'));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const run = (tool: string, args: string[]) => {
    const command = join(bin, tool);
    const [file, argv] = owner ? ['runuser', ['-u', owner.name, '--', command, ...args]] : [command, args];
    execFileSync(file, argv, { stdio: 'pipe', cwd: dir });
  };
  const dataDir = join(dir, 'data');
  const port = await freePort();
  try {
    run('initdb', ['-D', dataDir, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync', '--locale=C']);
    const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
    run('pg_ctl', ['-D', dataDir, '-o', options, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    const detail = (error as { stderr?: Buffer }).stderr?.toString() ?? String(error);
    throw new Error(`Could not start the throwaway Postgres cluster as ${owner?.name ?? userInfo().username}: ${detail}`, { cause: error });
  }
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  // The server outlives us (pg_ctl detaches it): stop it even when the test run ends abruptly.
  process.once('exit', stop);
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
}
