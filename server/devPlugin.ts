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
      const { createLogger } = (await server.ssrLoadModule('/server/lib/log.ts')) as typeof import('./lib/log');
      const config = loadConfig();
      // Vite prints its own request-free output; the API's request lines only when LOG_LEVEL asks.
      const log = createLogger(process.env.LOG_LEVEL ? config.logLevel : 'warn');
      const listener = getRequestListener(createApp(config, { log }).fetch);
      server.middlewares.use((req, res, next) => {
        const url = req.url ?? '';
        if (url.startsWith('/api/') || url.startsWith('/demo/')) void listener(req, res);
        else next();
      });
    },
  };
}
