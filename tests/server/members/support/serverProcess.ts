import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../../../../scripts/freePort';
import { bundled } from '../../../support/serverBundle';

// The real server process (the bundle `npm start` runs, tests/support/serverBundle.ts) on a free port,
// with everything it prints kept for the test to read.

export interface ServerProcess {
  url: string;
  output(): string;
  /** SIGKILL: no shutdown handler runs, as in a crash or a power cut of the process. */
  killHard(): Promise<void>;
  stop(): Promise<void>;
}


function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

export async function startServerProcess(env: Record<string, string>, timeoutMs = 90_000): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // The database settings come only from `env`, never from the environment the tests run in.
  const { DATABASE_URL: _databaseUrl, DATA_DIR: _dataDir, ...inherited } = process.env;
  const childEnv: NodeJS.ProcessEnv = { ...inherited, PORT: String(port), HOST: '127.0.0.1', PUBLIC_ORIGIN: url, DIST_DIR: 'no-build-needed', ...env };
  const child = spawn(process.execPath, [bundled('start')], { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (d) => (output += String(d)));
  child.stderr?.on('data', (d) => (output += String(d)));

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not answer within ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    url,
    output: () => output,
    async killHard() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}
