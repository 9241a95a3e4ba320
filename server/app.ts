import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { ServerConfig } from './config';
import { DEMO_PREFIX } from './config';
import { isDatabaseUnavailable } from './db/pgliteThread';
import { API_BASE } from './lib/apiBase';
import { noSuchRoute, refuse } from './lib/errors';
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
import { chooseProvider } from './ai';
import type { AiProvider } from './ai/provider';
import { dailyBudget } from './lib/dailyBudget';
import { demoProviders } from './fakes/demo';
import { memberRoutes, type MemberRoutesDeps } from './routes/members';
import { passkeyRoutes } from './routes/passkeys';
import { passwordResetRoutes } from './routes/passwordReset';
import { deviceRoutes } from './routes/devices';
import { emailChangeRoutes } from './routes/emailChange';
import type { MailQueue } from './mail/queue';
import { socialRoutes } from './routes/social';
import { discoverRoutes } from './routes/discover';
import { chatRoutes } from './routes/chats';
import { adminRoutes } from './routes/admin';
import { answeredTurnCounter } from './social/games';
import { MEMBER_ROUTES } from '../src/domain/memberContract';

export const MAX_BODY_BYTES = 64 * 1024;
/** A member's profile carries a picture of up to 200 KB (about 270 KB as base64) besides its text. */
export const PROFILE_MAX_BODY_BYTES = 320 * 1024;

function limitBody(maxSize: number) {
  return bodyLimit({ maxSize, onError: (c) => refuse(c, { status: 413, code: 'BODY_TOO_LARGE', message: 'Request body is too large.' }) });
}

/** What the app runs on besides its configuration. */
export interface AppOptions {
  /** The members database (the members routes are mounted only with it). */
  members?: MemberRoutesDeps;
  /** The outgoing mail queue, nudged when a route queues mail (its worker also polls). */
  mail?: Pick<MailQueue, 'nudge'>;
  /** Where request lines and server errors go; the entry point passes the configured logger. */
  log?: Logger;
  /**
   * The AI engine, built once by the entry point and shared with the live layer; without it, the
   * configured one (Gemini with a key, else the local engine) is built here.
   */
  ai?: AiProvider;
}

/** Every router under API_BASE (and the demo providers when credentials are missing). Static files are added by main.ts. */
export function createApp(config: ServerConfig, options: AppOptions = {}): Hono {
  const log = options.log ?? silentLogger;
  const app = new Hono();
  app.use('*', requestLog(log));
  app.use('*', securityHeaders({ hsts: config.origin.startsWith('https:') }));
  app.use('*', hostAllowList(config.allowedHostnames));
  app.use(`${API_BASE}/*`, noStore);
  app.use(`${API_BASE}/*`, sameOriginJson(config.origin));
  const defaultLimit = limitBody(MAX_BODY_BYTES);
  const profileLimit = limitBody(PROFILE_MAX_BODY_BYTES);
  // eslint-disable-next-line @typescript-eslint/no-unsafe-argument -- Hono types a middleware's Context with `any` input; no `any` value flows here
  app.use(`${API_BASE}/*`, (c, next) => (c.req.path === MEMBER_ROUTES.profile ? profileLimit(c, next) : defaultLimit(c, next)));

  const api = new Hono();
  api.route('/', healthRoutes(config));
  api.route('/', configRoutes(config));
  api.route('/', oauthRoutes(config));
  api.route('/', steamRoutes(config));
  api.route('/', dataProxyRoutes(config));
  // One engine and one day's Gemini budget for the whole app: the /api/ai routes, Discover's rankings
  // and the match shown on friend requests use the same ones.
  const ai = options.ai ?? chooseProvider(config);
  const aiBudget = dailyBudget(config.rateLimits.aiPerDay);
  const countTurn = options.members ? answeredTurnCounter(options.members.db, options.members.now ?? Date.now) : undefined;
  api.route('/', aiRoutes(config, { provider: ai, log, budget: aiBudget, countTurn }));
  if (options.members) api.route('/', memberRoutes(config, { ...options.members, mail: options.mail }));
  if (options.members) api.route('/', deviceRoutes(config, options.members));
  if (options.members) api.route('/', emailChangeRoutes(config, { ...options.members, mail: options.mail }));
  if (options.members) api.route('/', passkeyRoutes(config, options.members));
  if (options.members) api.route('/', passwordResetRoutes(config, { ...options.members, mail: options.mail, log }));
  if (options.members) api.route('/', socialRoutes(config, { ...options.members, ai }));
  if (options.members) api.route('/', discoverRoutes(config, { ...options.members, ai, log, budget: aiBudget }));
  if (options.members) api.route('/', chatRoutes(config, options.members));
  if (options.members) api.route('/', adminRoutes(options.members));
  api.all('*', noSuchRoute);
  app.route(API_BASE, api);

  const demo = demoProviders(config);
  if (demo) {
    app.use(`${DEMO_PREFIX}/*`, noStore);
    app.route(DEMO_PREFIX, demo);
  }

  app.onError((error, c) => {
    if (isDatabaseUnavailable(error)) {
      log.error('the database is not answering or cannot store', { path: c.req.path, method: c.req.method, error });
      return refuse(c, { status: 503, code: 'DATABASE_UNAVAILABLE', message: 'The server cannot reach its database right now. Please try again in a minute.' });
    }
    log.error('unhandled error', { path: c.req.path, method: c.req.method, error });
    return refuse(c, { status: 500, code: 'INTERNAL', message: 'Something went wrong on the server.' });
  });
  return app;
}
