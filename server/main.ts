import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { createApp } from './app';
import { loadConfig, type ServerConfig } from './config';

/** The full server: /api, demo providers, and the built app with an SPA fallback. */
export function createServerApp(config: ServerConfig) {
  const app = createApp(config);
  const distDir = resolve(config.distDir);
  const indexHtml = readFileSync(join(distDir, 'index.html'), 'utf8');
  app.use('/assets/*', serveStatic({ root: distDir }));
  app.use('*', serveStatic({ root: distDir }));
  app.get('*', (c) => c.html(indexHtml));
  return app;
}

export function startServer(config: ServerConfig) {
  const app = createServerApp(config);
  return serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    const demo = [config.spotify.demo && 'Spotify', config.trakt.demo && 'Trakt', config.steam.demo && 'Steam']
      .filter(Boolean)
      .join(', ');
    console.log(`Mycelius is running on ${config.origin} (listening on ${info.address}:${info.port})`);
    if (demo) console.log(`Demo providers (no credentials configured): ${demo}`);
    console.log(`AI: ${config.gemini.apiKey ? `Gemini (${config.gemini.model})` : 'local engine (no GEMINI_API_KEY)'}`);
  });
}

const isEntry = process.argv[1] !== undefined && resolve(process.argv[1]).endsWith(join('server', 'main.ts'));
if (isEntry) startServer(loadConfig());
