import type { Server } from 'node:http';
import { resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import type { ServerConfig } from './config';
import { silentLogger, type Logger } from './lib/log';
import { staticSite } from './static';

// Node's defaults let a client hold a connection for minutes while trickling headers or a body.
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 30_000;
export const KEEP_ALIVE_TIMEOUT_MS = 5_000;

/** The full server: /api, demo providers, and the built app. */
export function createServerApp(config: ServerConfig, options: { log?: Logger } = {}) {
  const app = createApp(config, options);
  const site = staticSite(resolve(config.distDir));
  app.on(['GET', 'HEAD'], '*', site);
  return app;
}

function startupLine(config: ServerConfig): string {
  const demo = [config.spotify.demo && 'Spotify', config.trakt.demo && 'Trakt', config.steam.demo && 'Steam'].filter(Boolean);
  const ai = config.gemini.apiKey ? `Gemini (${config.gemini.model})` : 'local engine (no GEMINI_API_KEY)';
  const providers = demo.length > 0 ? `demo providers for ${demo.join(', ')} (no credentials configured)` : 'no demo providers';
  return `Mycelius is running on ${config.origin}: ${providers}; AI: ${ai}`;
}

export function startServer(config: ServerConfig, log: Logger = silentLogger): Server {
  const app = createServerApp(config, { log });
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    log.info(startupLine(config), { listening: `${info.address}:${info.port}`, origin: config.origin });
  }) as Server;
  server.headersTimeout = HEADERS_TIMEOUT_MS;
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.maxConnections = config.maxConnections;
  return server;
}
