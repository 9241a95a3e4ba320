import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import type { LogFields, Logger } from '../../server/lib/log';
import { startServer } from '../../server/main';

// The process's server, started in this process (process.test.ts starts it as `npm start` would):
// the start-up line an operator reads, and the limits on slow clients.

const ORIGIN = 'http://127.0.0.1:5999';

function recordingLog() {
  const lines: { level: string; msg: string; fields?: LogFields }[] = [];
  const at = (level: string) => (msg: string, fields?: LogFields) => lines.push({ level, msg, fields });
  const log: Logger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  return { log, lines };
}

let server: Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

async function started(env: Record<string, string>, options: { database?: string } = {}) {
  const { log, lines } = recordingLog();
  server = startServer(loadConfig({ PORT: '0', PUBLIC_ORIGIN: ORIGIN, DIST_DIR: 'no-such-build', ...env }), log, options);
  await new Promise<void>((resolve) => (server!.listening ? resolve() : server!.once('listening', () => resolve())));
  // The start-up line is written from serve's listening callback, after the 'listening' event.
  await new Promise((resolve) => setImmediate(resolve));
  return { lines, port: (server.address() as AddressInfo).port };
}

describe('startServer', () => {
  it('says where it runs, that the demo providers stand in, and that the local engine writes the AI answers', async () => {
    const { lines, port } = await started({});
    const startup = lines.find((line) => line.msg.startsWith('Mycelius is running'));
    expect(startup).toEqual({
      level: 'info',
      msg: 'Mycelius is running on http://127.0.0.1:5999: demo providers for Spotify, Trakt, Steam (no credentials configured); AI: local engine (no GEMINI_API_KEY)',
      fields: { listening: `127.0.0.1:${port}`, origin: ORIGIN },
    });
    // Without a build the API still answers, and the log says how to build.
    expect(lines).toContainEqual(expect.objectContaining({ level: 'warn', msg: 'no built app: run `npm run build` (the /api routes work without it)' }));
    const page = await fetch(`http://127.0.0.1:${port}/`);
    expect(page.status).toBe(503);
    expect(await page.text()).toBe('The app is not built yet. Run `npm run build`.');
  });

  it('names only the providers still on demo, the Gemini model, and the members database', async () => {
    const { lines } = await started(
      { SPOTIFY_CLIENT_ID: 'id', SPOTIFY_CLIENT_SECRET: 'secret', STEAM_API_KEY: 'steam-key', GEMINI_API_KEY: 'gemini-key' },
      { database: 'embedded (data/members)' },
    );
    expect(lines.find((line) => line.msg.startsWith('Mycelius is running'))?.msg).toBe(
      'Mycelius is running on http://127.0.0.1:5999: demo providers for Trakt (no credentials configured); AI: Gemini (gemini-2.5-flash-lite); members database: embedded (data/members)',
    );
  });

  it('says so when no provider is on demo', async () => {
    const { lines } = await started({ SPOTIFY_CLIENT_ID: 'id', SPOTIFY_CLIENT_SECRET: 'secret', TRAKT_CLIENT_ID: 'id', TRAKT_CLIENT_SECRET: 'secret', STEAM_API_KEY: 'key' });
    expect(lines.find((line) => line.msg.startsWith('Mycelius is running'))?.msg).toBe(
      'Mycelius is running on http://127.0.0.1:5999: no demo providers; AI: local engine (no GEMINI_API_KEY)',
    );
  });

  it('does not let a slow client hold a connection: 10 s for headers, 30 s for a request, 5 s idle, and the connection cap', async () => {
    await started({ MAX_CONNECTIONS: '40' });
    expect(server).toMatchObject({ headersTimeout: 10_000, requestTimeout: 30_000, keepAliveTimeout: 5_000, maxConnections: 40 });
  });
});
