import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { consentPage, errorPage, formOf, randomToken } from './consentPage';
import { TRAKT_MOVIES, TRAKT_SHOWS } from './demoData';
import { ExpiringMap, FAKE_LIMITS } from './expiringMap';
import { sameSecret, type FakeOAuthOptions, type FakeProvider } from './spotify';

// A stand-in for Trakt's OAuth and the two watchlist calls. Like the real one it wants the client id
// and secret in a JSON body, single-use codes and single-use refresh tokens, and four API headers.

export interface FakeTraktOptions extends FakeOAuthOptions {
  /** The API version the fake insists on (Trakt: "2"). */
  apiVersion?: string;
}

interface PendingCode {
  redirectUri: string;
}

const CODE_TTL_MS = 10 * 60 * 1000;

function oauthError(c: Context, status: 400 | 401, error: string, description: string) {
  return c.json({ error, error_description: description }, status);
}

function withQuery(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}

export function createTraktFake(options: FakeTraktOptions): FakeProvider {
  const now = options.now ?? Date.now;
  const ttlSeconds = options.accessTokenTtlSeconds ?? 24 * 3600;
  const apiVersion = options.apiVersion ?? '2';
  const codes = new ExpiringMap<PendingCode>(FAKE_LIMITS.pendingCodes, now);
  const accessTokens = new ExpiringMap<true>(FAKE_LIMITS.accessTokens, now);
  const refreshTokens = new ExpiringMap<true>(FAKE_LIMITS.refreshTokens, now);

  const app = new Hono();
  app.use('*', bodyLimit({ maxSize: 16 * 1024, onError: (c) => oauthError(c, 400, 'invalid_request', 'Body too large') }));

  const registered = (clientId: unknown, redirectUri: unknown): redirectUri is string =>
    clientId === options.clientId && typeof redirectUri === 'string' && options.redirectUris.includes(redirectUri);

  app.get('/oauth/authorize', (c) => {
    const q = c.req.query();
    if (!registered(q.client_id, q.redirect_uri)) {
      return c.html(errorPage('Trakt', 'The client or its redirect URI is not registered for this application.'), 400);
    }
    if (q.response_type !== 'code') return c.redirect(withQuery(q.redirect_uri, { error: 'unsupported_response_type', state: q.state }), 302);
    const fields: Record<string, string> = { client_id: options.clientId, redirect_uri: q.redirect_uri };
    if (q.state !== undefined) fields.state = q.state;
    return c.html(
      consentPage({
        provider: 'Trakt',
        action: 'authorize',
        requests: ['See your watchlist of shows and movies', 'See your profile name'],
        fields,
      }),
    );
  });

  app.post('/oauth/authorize', async (c) => {
    const f = await formOf(c);
    if (!f) return c.html(errorPage('Trakt', 'The request body could not be read as a form.'), 400);
    if (!registered(f.client_id, f.redirect_uri)) return c.html(errorPage('Trakt', 'The redirect URI is not registered.'), 400);
    const state = f.state;
    if (f.decision !== 'allow') return c.redirect(withQuery(f.redirect_uri, { error: 'access_denied', state }), 302);
    const code = randomToken('code');
    codes.set(code, { redirectUri: f.redirect_uri }, now() + CODE_TTL_MS);
    return c.redirect(withQuery(f.redirect_uri, { code, state }), 302);
  });

  const issue = () => {
    const access = randomToken('tr_at');
    const refresh = randomToken('tr_rt');
    accessTokens.set(access, true, now() + ttlSeconds * 1000);
    refreshTokens.set(refresh, true, now() + FAKE_LIMITS.refreshTtlMs);
    return {
      access_token: access,
      token_type: 'bearer',
      expires_in: ttlSeconds,
      refresh_token: refresh,
      scope: 'public',
      created_at: Math.floor(now() / 1000),
    };
  };

  app.post('/oauth/token', async (c) => {
    let body: Record<string, unknown>;
    try {
      const parsed: unknown = await c.req.json();
      if (typeof parsed !== 'object' || parsed === null) throw new Error('not an object');
      body = parsed as Record<string, unknown>;
    } catch {
      return oauthError(c, 400, 'invalid_request', 'The body must be a JSON object');
    }
    const str = (k: string) => (typeof body[k] === 'string' ? (body[k]) : undefined);
    const secret = str('client_secret');
    if (str('client_id') !== options.clientId || secret === undefined || !sameSecret(secret, options.clientSecret)) {
      return oauthError(c, 401, 'invalid_client', 'Client authentication failed');
    }
    const redirectUri = str('redirect_uri');
    if (redirectUri === undefined || !options.redirectUris.includes(redirectUri)) {
      return oauthError(c, 400, 'invalid_grant', 'The redirect uri included is not valid.');
    }

    if (str('grant_type') === 'authorization_code') {
      const code = str('code');
      const pending = code === undefined ? undefined : codes.take(code);
      if (!pending) return oauthError(c, 400, 'invalid_grant', 'The provided authorization grant is invalid or expired.');
      if (pending.redirectUri !== redirectUri) return oauthError(c, 400, 'invalid_grant', 'The redirect uri does not match the authorization request.');
      return c.json(issue());
    }

    if (str('grant_type') === 'refresh_token') {
      const refresh = str('refresh_token');
      // Single use: the old refresh token stops working the moment a new one is issued.
      if (refresh === undefined || refreshTokens.take(refresh) === undefined) {
        return oauthError(c, 400, 'invalid_grant', 'The provided refresh token is invalid or was already used.');
      }
      return c.json(issue());
    }

    return oauthError(c, 400, 'unsupported_grant_type', 'The authorization grant type is not supported.');
  });

  app.get('/api/sync/watchlist/:kind{shows|movies}', (c) => {
    // The edge answers a missing User-Agent with an HTML page, before any API logic.
    if (!c.req.header('User-Agent')) return c.html('<!doctype html><title>403 Forbidden</title><h1>Forbidden</h1>', 403);
    if (!c.req.header('Content-Type')?.startsWith('application/json')) return c.json({ error: 'Content-Type must be application/json' }, 412);
    if (c.req.header('trakt-api-version') !== apiVersion) return c.json({ error: `trakt-api-version must be ${apiVersion}` }, 400);
    if (c.req.header('trakt-api-key') !== options.clientId) return c.json({ error: 'invalid API key or unapproved app' }, 403);
    const header = c.req.header('Authorization');
    const live = header?.startsWith('Bearer ') ? accessTokens.get(header.slice(7)) : undefined;
    if (live === undefined) return c.json({ error: 'invalid_token', error_description: 'The access token is invalid or expired' }, 401);

    const all: readonly object[] = c.req.param('kind') === 'shows' ? TRAKT_SHOWS : TRAKT_MOVIES;
    const page = Math.max(1, Number(c.req.query('page') ?? 1) || 1);
    const limit = Math.min(100, Math.max(1, Number(c.req.query('limit') ?? 100) || 100));
    c.header('X-Pagination-Page', String(page));
    c.header('X-Pagination-Limit', String(limit));
    c.header('X-Pagination-Page-Count', String(Math.max(1, Math.ceil(all.length / limit))));
    c.header('X-Pagination-Item-Count', String(all.length));
    return c.json(all.slice((page - 1) * limit, page * limit));
  });

  return {
    app,
    expireAccessTokens: () => accessTokens.expireAll(),
    revokeRefreshTokens: () => refreshTokens.clear(),
  };
}
