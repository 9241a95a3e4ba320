import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { Plugin } from 'vite';

/**
 * Mounts the Hono app into the Vite dev server so /api and /demo answer on the dev port too.
 * The app is loaded through Vite's own module loader, so server edits apply on the next request.
 */
export function apiDevServer(): Plugin {
  return {
    name: 'mycelius-api',
    apply: 'serve',
    async configureServer(server) {
      const { getRequestListener } = await import('@hono/node-server');
      const { createApp } = (await server.ssrLoadModule('/server/app.ts')) as typeof import('./app');
      const { loadConfig } = (await server.ssrLoadModule('/server/config.ts')) as typeof import('./config');
      const { openMigratedDatabase } = (await server.ssrLoadModule('/server/db/open.ts')) as typeof import('./db/open');
      const { createLogger } = (await server.ssrLoadModule('/server/lib/log.ts')) as typeof import('./lib/log');
      const { createLiveBus } = (await server.ssrLoadModule('/server/live/bus.ts')) as typeof import('./live/bus');
      const { createLiveHub } = (await server.ssrLoadModule('/server/live/hub.ts')) as typeof import('./live/hub');
      const { allLiveFeatures } = (await server.ssrLoadModule('/server/live/index.ts')) as typeof import('./live/index');
      const { chooseProvider } = (await server.ssrLoadModule('/server/ai/index.ts')) as typeof import('./ai/index');
      const config = loadConfig();
      // Vite prints its own request-free output; the API's request lines only when LOG_LEVEL asks.
      const log = createLogger(process.env.LOG_LEVEL ? config.logLevel : 'warn');
      // The same members database as `npm start` (DATA_DIR or DATABASE_URL), closed with the dev server.
      const database = await openMigratedDatabase(config.database);
      const bus = createLiveBus(database, (message, error) => log.error(message, { error }));
      // One AI engine for the dev server: the live debates and the /api routes share it.
      const ai = chooseProvider(config);
      const live = createLiveHub({ db: database.db, bus, serverId: randomUUID(), features: allLiveFeatures({ ai, log }), origin: config.origin, now: Date.now, log });
      // /api/live on the dev port too; Vite's hot-reload socket keeps its own upgrades.
      if (server.httpServer) live.attach(server.httpServer as Server, { otherUpgrades: 'leave' });
      server.httpServer?.once('close', () => void live.shutdown().finally(() => database.close()));
      const listener = getRequestListener(createApp(config, { log, ai, members: { db: database.db, bus } }).fetch);
      server.middlewares.use((req, res, next) => {
        const url = req.url ?? '';
        if (url.startsWith('/api/') || url.startsWith('/demo/')) void listener(req, res);
        else next();
      });
    },
  };
}
