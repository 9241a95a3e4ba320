import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { loadConfig, type ServerConfig } from '../../../server/config';

// Loopback servers for the server tests: the fakes run behind real HTTP so the routes' upstream path
// (fetch, timeouts, status mapping) is the one production uses.

export interface Running {
  url: string;
  /** Requests that reached this server. */
  hits: () => number;
  close: () => Promise<void>;
}

type FetchApp = { fetch: (request: Request, env?: unknown) => Response | Promise<Response> };

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}

export function listen(app: FetchApp, port = 0): Promise<Running> {
  let hits = 0;
  return new Promise((resolve) => {
    const server = serve(
      {
        fetch: (request, env) => {
          hits += 1;
          return app.fetch(request, env);
        },
        port,
        hostname: '127.0.0.1',
      },
      (info) => resolve({ url: `http://127.0.0.1:${info.port}`, hits: () => hits, close: () => closeServer(server) }),
    ) as Server;
  });
}

/** A server that accepts requests and never answers: the way to see the upstream timeout. */
export function hangingServer(): Promise<Running> {
  let hits = 0;
  const server = createServer(() => {
    hits += 1;
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, hits: () => hits, close: () => closeServer(server) });
    });
  });
}

/** A loopback address where nothing listens (the port was free a moment ago). */
export async function deadUrl(): Promise<string> {
  const s = await hangingServer();
  await s.close();
  return s.url;
}


// Distinctive values so a leak is easy to grep for.
export const SECRETS = {
  spotifyClientSecret: 'SPOTIFY-SECRET-7f3a9c1e5b',
  traktClientSecret: 'TRAKT-SECRET-2d8e4b6a0c',
  steamApiKey: 'STEAM-KEY-9b1d7f3e5a',
  geminiApiKey: 'GEMINI-KEY-4c6a8e0b2d',
} as const;

export const CLIENT_IDS = { spotify: 'spotify-test-client', trakt: 'trakt-test-client' } as const;
export const TEST_ORIGIN = 'http://127.0.0.1:5999';
export const SPOTIFY_REDIRECT = `${TEST_ORIGIN}/spotify/callback`;
export const TRAKT_REDIRECT = `${TEST_ORIGIN}/callback`;

/** A full credentials configuration whose providers live at the given loopback URLs. */
export function testConfig(urls: { spotify?: string; trakt?: string; steam?: string }, env: Record<string, string> = {}): ServerConfig {
  const none = 'http://127.0.0.1:9';
  return loadConfig({
    PUBLIC_ORIGIN: TEST_ORIGIN,
    SPOTIFY_CLIENT_ID: CLIENT_IDS.spotify,
    SPOTIFY_CLIENT_SECRET: SECRETS.spotifyClientSecret,
    SPOTIFY_ACCOUNTS_URL: urls.spotify ?? none,
    SPOTIFY_API_URL: `${urls.spotify ?? none}/v1`,
    TRAKT_CLIENT_ID: CLIENT_IDS.trakt,
    TRAKT_CLIENT_SECRET: SECRETS.traktClientSecret,
    TRAKT_AUTH_URL: urls.trakt ?? none,
    TRAKT_API_URL: `${urls.trakt ?? none}/api`,
    STEAM_API_KEY: SECRETS.steamApiKey,
    STEAM_API_URL: urls.steam ?? none,
    GEMINI_API_KEY: SECRETS.geminiApiKey,
    UPSTREAM_TIMEOUT_MS: '2000',
    ...env,
  });
}

/**
 * Headers of a JSON call from the app's own pages: browsers mark those `Sec-Fetch-Site: same-origin`,
 * which the server requires on every state-changing /api request (with Origin, tested on its own).
 */
export const SAME_ORIGIN_JSON = { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'same-origin' } as const;

/** The `name=value` pairs a response sets, as a Cookie header for the next request of the same browser. */
export function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .join('; ');
}
