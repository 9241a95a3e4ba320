import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp, type AppOptions } from './app';
import type { ServerConfig } from './config';
import { silentLogger, type Logger } from './lib/log';
import type { LiveHub } from './live/hub';
import { staticSite } from './static';

// Node's defaults let a client hold a connection for minutes while trickling headers or a body.
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;

/** The full server: /api, demo providers, and the built app. */
export function createServerApp(config: ServerConfig, options: AppOptions = {}) {
  const app = createApp(config, options);
  const distDir = resolve(config.distDir);
  if (existsSync(join(distDir, 'index.html'))) {
    app.on(['GET', 'HEAD'], '*', staticSite(distDir));
  } else {
    // Without a build the API still runs (the members server tests start it that way); pages say how to build.
    (options.log ?? silentLogger).warn('no built app: run `npm run build` (the /api routes work without it)', { distDir });
    app.on(['GET', 'HEAD'], '*', (c) => c.text('The app is not built yet. Run `npm run build`.', 503));
  }
  return app;
}

function startupLine(config: ServerConfig, database: string | undefined): string {
  const demo = [config.spotify.demo && 'Spotify', config.trakt.demo && 'Trakt', config.steam.demo && 'Steam'].filter(Boolean);
  const ai = config.gemini.apiKey ? `Gemini (${config.gemini.model})` : 'local engine (no GEMINI_API_KEY)';
  const providers = demo.length > 0 ? `demo providers for ${demo.join(', ')} (no credentials configured)` : 'no demo providers';
  return `Mycelius is running on ${config.origin}: ${providers}; AI: ${ai}${database ? `; members database: ${database}` : ''}`;
}

/** `database` names where members live, for the start-up line; `live` answers /api/live (with members only). */
export function startServer(
  config: ServerConfig,
  log: Logger = silentLogger,
  { database, live, ...options }: Omit<AppOptions, 'log'> & { database?: string; live?: LiveHub } = {},
): Server {
  const app = createServerApp(config, { ...options, log });
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    log.info(startupLine(config, database), { listening: `${info.address}:${info.port}`, origin: config.origin });
  }) as Server;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.maxConnections = config.maxConnections;
  if (options.members && live) live.attach(server);
  return server;
}
