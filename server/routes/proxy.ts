import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { ServerConfig } from '../config';
import { refuse } from '../lib/errors';
import { rateLimit } from '../lib/rateLimit';
import { badUpstream, callUpstream, parseOk, unavailable, upstreamRateLimited, type UpstreamResult } from '../lib/upstreamCall';
import { check } from '../lib/validate';

// Spotify top items and Trakt watchlists, under docs/product.md's doubled /api/api prefix. The user's bearer
// token passes through unchanged; a 401 upstream means it expired, so the client can refresh and retry.

const topQuery = z.object({
  time_range: z.enum(['short_term', 'medium_term', 'long_term']).default('medium_term'),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});

const paging = z.looseObject({
  href: z.string().optional(),
  limit: z.number(),
  next: z.string().nullable().optional(),
  offset: z.number(),
  previous: z.string().nullable().optional(),
  total: z.number(),
  items: z.array(z.looseObject({ name: z.string() })),
});
const watchlist = z.array(z.looseObject({ type: z.string().optional() }));

/** The `Authorization: Bearer <token>` header exactly as the client sent it, or undefined when absent or malformed. */
function bearer(c: Context): string | undefined {
  const header = c.req.header('Authorization');
  return header !== undefined && /^Bearer [\x21-\x7e]{1,4096}$/.test(header) ? header : undefined;
}

function missingToken(c: Context) {
  return refuse(c, { status: 401, code: 'MISSING_TOKEN', message: 'Sign in to this service first: no access token was sent.' });
}

function dataResponse(c: Context, result: UpstreamResult, schema: z.ZodType, service: string) {
  if (result.kind !== 'response') return unavailable(c, result, service);
  if (result.status === 429) return upstreamRateLimited(c, result, service);
  if (result.status === 401) return refuse(c, { status: 401, code: 'TOKEN_EXPIRED', message: `The ${service} access token has expired or was revoked.` });
  const ok = parseOk(result, schema);
  return ok === undefined ? badUpstream(c, service) : c.json(ok as object);
}

export function dataProxyRoutes(config: ServerConfig) {
  const app = new Hono();
  const timeout = config.upstreamTimeoutMs;
  app.use('/api/*', rateLimit({ name: 'data', limit: config.rateLimits.dataPerMinute, windowMs: 60_000, trustProxyHops: config.trustProxyHops }));

  app.get('/api/spotify/me/top/:type{artists|tracks}', async (c) => {
    const query = check(topQuery, { time_range: c.req.query('time_range'), limit: c.req.query('limit') });
    if (!query.ok) return refuse(c, { status: 400, code: 'INVALID_REQUEST', message: query.message });
    const auth = bearer(c);
    if (!auth) return missingToken(c);
    const params = new URLSearchParams({ time_range: query.data.time_range, limit: String(query.data.limit) });
    const url = `${config.spotify.apiUrl}/me/top/${c.req.param('type')}?${params.toString()}`;
    const result = await callUpstream(url, { headers: { Authorization: auth, Accept: 'application/json' } }, timeout);
    return dataResponse(c, result, paging, 'Spotify');
  });

  app.get('/api/trakt/sync/watchlist/:kind{shows|movies}', async (c) => {
    const auth = bearer(c);
    if (!auth) return missingToken(c);
    const headers = {
      Authorization: auth,
      'Content-Type': 'application/json',
      'trakt-api-key': config.trakt.clientId,
      'trakt-api-version': '2',
      'User-Agent': `Mycelius/${config.appVersion}`,
    };
    const result = await callUpstream(`${config.trakt.apiUrl}/sync/watchlist/${c.req.param('kind')}`, { headers }, timeout);
    return dataResponse(c, result, watchlist, 'Trakt');
  });

  return app;
}
