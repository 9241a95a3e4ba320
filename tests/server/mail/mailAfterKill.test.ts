import { spawn, type ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../../scripts/freePort';
import { linkIn, startSmtpInbox, type SmtpInbox } from '../../support/smtpInbox';
import { migratedDataDir } from '../members/support/testDatabase';
import { bundled } from '../../support/serverBundle';
import { openDatabase } from '../../../server/db/open';

// A reset mail queued while the mail server is down survives the server process being killed (-9, no
// clean stop): the real server (the bundle `npm start` runs) on an embedded database in a
// temporary DATA_DIR queues it through the real route, fails to send it (nothing listens at SMTP_URL
// yet), is killed; started again on the same directory with the mail server up, it sends it, once.
// The queue's 30 s before a retry is not waited out: while no server runs, the test reads the queued
// mail from the directory (its failed attempt stored) and makes it due, as if the 30 s had passed.

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<void>;
}

function startServer(env: Record<string, string>): Running {
  const child = spawn(process.execPath, [bundled('start')], {
    env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += String(d)));
  child.stderr?.on('data', (d) => (output += String(d)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, output: () => output, exited };
}

async function healthy(server: Running, url: string): Promise<void> {
  await vi.waitFor(
    async () => {
      if (server.child.exitCode !== null) throw new Error(`the server exited: ${server.output()}`);
      expect((await fetch(`${url}/api/health`).catch(() => undefined))?.ok).toBe(true);
    },
    { timeout: 30_000, interval: 100 },
  );
}

describe('the mail queue and a killed server', () => {
  const cleanup: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  it('sends a reset mail queued before kill -9 once the server is back and the mail server is up', { timeout: 90_000 }, async () => {
    const { dir: dataDir, remove } = migratedDataDir();
    cleanup.push(remove);
    const [port, smtpPort] = [await freePort(), await freePort()];
    const url = `http://127.0.0.1:${port}`;
    const env = { PORT: String(port), HOST: '127.0.0.1', PUBLIC_ORIGIN: url, DIST_DIR: 'no-such-build', DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM: 'Mycelius <no-reply@mycelius.test>' };
    const stopIfRunning = (server: Running) => async () => {
      if (server.child.exitCode === null && server.child.signalCode === null) {
        server.child.kill('SIGKILL');
        await server.exited;
      }
    };

    const first = startServer(env);
    cleanup.push(stopIfRunning(first));
    await healthy(first, url);
    const headers = { 'Content-Type': 'application/json', Origin: url };
    const signup = await fetch(`${url}/api/auth/signup`, { method: 'POST', headers, body: JSON.stringify({ username: 'alice', email: 'alice@example.com', password: 'old-secret' }) });
    expect(signup.status).toBe(201);
    const asked = await fetch(`${url}/api/auth/password-reset`, { method: 'POST', headers, body: JSON.stringify({ email: 'alice@example.com' }) });
    expect(asked.status).toBe(202);
    // Queued, and its first attempt failed: nothing listens at SMTP_URL yet.
    await vi.waitFor(() => expect(first.output()).toContain('mail could not be delivered; it will be tried again'), { timeout: 15_000, interval: 50 });

    first.child.kill('SIGKILL');
    await first.exited;
    expect(first.child.signalCode).toBe('SIGKILL');

    // What the killed server left on disk: the mail, one failed attempt, due again about 30 s later.
    const left = await openDatabase({ dataDir });
    try {
      const queued = await left.db.selectFrom('mail_queue').select(['subject', 'attempts', 'next_attempt_at', 'sent_at']).execute();
      expect(queued).toEqual([expect.objectContaining({ subject: 'Reset your Mycelius password', attempts: 1, sent_at: null })]);
      const dueIn = new Date(queued[0]!.next_attempt_at).getTime() - Date.now();
      expect(dueIn).toBeGreaterThan(0);
      expect(dueIn).toBeLessThanOrEqual(30_000);
      await left.db.updateTable('mail_queue').set({ next_attempt_at: new Date() }).execute();
    } finally {
      await left.close();
    }

    const inbox: SmtpInbox = await startSmtpInbox(smtpPort);
    cleanup.push(() => inbox.close());
    const second = startServer(env);
    cleanup.push(stopIfRunning(second));
    await healthy(second, url);
    // Due now: the worker's first look, as the server starts, finds it.
    await vi.waitFor(() => expect(inbox.messages.map((m) => m.subject)).toContain('Reset your Mycelius password'), { timeout: 20_000, interval: 100 });
    const [mail] = inbox.messages;
    expect(mail?.to).toMatchObject({ text: 'alice@example.com' });
    expect(new URL(linkIn(mail!, '/reset-password')).origin).toBe(url);
    expect(inbox.messages).toHaveLength(1);
  });
});
