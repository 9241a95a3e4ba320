import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ServerConfig } from './config';
import { DEMO_PREFIX } from './config';
import { jsonError } from './lib/errors';
import { hostAllowList } from './lib/hostAllowList';
import { silentLogger, type Logger } from './lib/log';
import { requestLog } from './lib/requestLog';
import { sameOriginJson } from './lib/sameOrigin';
import { noStore, securityHeaders } from './lib/securityHeaders';
import { healthRoutes } from './routes/health';
import { configRoutes } from './routes/config';
import { oauthRoutes } from './routes/oauth';
import { steamRoutes } from './routes/steam';
import { dataProxyRoutes } from './routes/proxy';
import { aiRoutes } from './routes/ai';
import { demoProviders } from './fakes/demo';

export const MAX_BODY_BYTES = 64 * 1024;

export interface AppOptions {
  /** Where request lines and server errors go; the entry point passes the configured logger. */
  log?: Logger;
}

/** The /api app (and the demo providers when credentials are missing). Static files are added by main.ts. */
export function createApp(config: ServerConfig, options: AppOptions = {}): Hono {
  const log = options.log ?? silentLogger;
  const app = new Hono();
  app.use('*', requestLog(log));
  app.use('*', securityHeaders({ hsts: config.origin.startsWith('https:') }));
  app.use('*', hostAllowList(config.allowedHostnames));
  app.use('/api/*', noStore);
  app.use('/api/*', sameOriginJson(config.origin));
  app.use(
    '/api/*',
    bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => jsonError(c, 413, 'BODY_TOO_LARGE', 'Request body is too large.') }),
  );

  const api = new Hono();
  api.route('/', healthRoutes(config));
  api.route('/', configRoutes(config));
  api.route('/', oauthRoutes(config));
  api.route('/', steamRoutes(config));
  api.route('/', dataProxyRoutes(config));
  api.route('/', aiRoutes(config, { log }));
  api.all('*', (c) => jsonError(c, 404, 'NOT_FOUND', 'No such API route.'));
  app.route('/api', api);

  const demo = demoProviders(config);
  if (demo) {
    app.use(`${DEMO_PREFIX}/*`, noStore);
    app.route(DEMO_PREFIX, demo);
  }

  app.onError((error, c) => {
    log.error('unhandled error', { path: c.req.path, method: c.req.method, error });
    return jsonError(c, 500, 'INTERNAL', 'Something went wrong on the server.');
  });
  return app;
}
