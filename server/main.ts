import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serve } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { createApp, type AppOptions } from './app';
import { loadConfig, type ServerConfig } from './config';
import { openMigratedDatabase } from './db/open';

/** The full server: /api, demo providers, and the built app with an SPA fallback. */
export function createServerApp(config: ServerConfig, options: AppOptions = {}) {
  const app = createApp(config, options);
  const distDir = resolve(config.distDir);
  const indexPath = join(distDir, 'index.html');
  // Without a build the API still runs (server tests start it that way); pages say how to build.
  const indexHtml = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : undefined;
  if (!indexHtml) console.warn(`No built app in ${distDir}: run \`npm run build\` (the /api routes work without it).`);
  app.use('/assets/*', serveStatic({ root: distDir }));
  app.use('*', serveStatic({ root: distDir }));
  app.get('*', (c) => (indexHtml ? c.html(indexHtml) : c.text('The app is not built yet. Run `npm run build`.', 503)));
  return app;
}

export async function startServer(config: ServerConfig) {
  const database = await openMigratedDatabase(config.database);
  const app = createServerApp(config, { members: { db: database.db } });
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
    const demo = [config.spotify.demo && 'Spotify', config.trakt.demo && 'Trakt', config.steam.demo && 'Steam']
      .filter(Boolean)
      .join(', ');
    console.log(`Mycelius is running on ${config.origin} (listening on ${info.address}:${info.port})`);
    if (demo) console.log(`Demo providers (no credentials configured): ${demo}`);
    console.log(`AI: ${config.gemini.apiKey ? `Gemini (${config.gemini.model})` : 'local engine (no GEMINI_API_KEY)'}`);
    const where = database.kind === 'postgres' ? 'a Postgres server (DATABASE_URL)' : `embedded PGlite in ${resolve(config.database.dataDir)}`;
    console.log(`Members database: ${where}${database.applied.length > 0 ? `; applied ${database.applied.join(', ')}` : ''}`);
  });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    // Finish in-flight requests, then close the database so PGlite leaves its files clean.
    server.close(() => void database.close().finally(() => process.exit(0)));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
  return server;
}

const isEntry = process.argv[1] !== undefined && resolve(process.argv[1]).endsWith(join('server', 'main.ts'));
if (isEntry) await startServer(loadConfig());
