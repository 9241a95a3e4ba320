import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { consentPage, errorPage, formOf, randomToken } from './consentPage';
import { SPOTIFY_ARTISTS, SPOTIFY_TRACKS } from './demoData';
import { ExpiringMap, FAKE_LIMITS } from './expiringMap';

// A stand-in for Spotify's accounts service and the two Web API calls the app makes, checking what
// the real one checks: client credentials, redirect URI, grant type, single-use codes and PKCE.

export interface FakeOAuthOptions {
  clientId: string;
  clientSecret: string;
  redirectUris: readonly string[];
  /** Seconds an access token lives (default 3600). */
  accessTokenTtlSeconds?: number;
  now?: () => number;
}

export interface FakeSpotifyOptions extends FakeOAuthOptions {
  /** Refuse sign-ins without a PKCE challenge (the demo provider: this app always sends one). */
  requirePkce?: boolean;
}

export interface FakeProvider {
  app: Hono;
  /** Makes every access token issued so far expired, as if its lifetime had passed. */
  expireAccessTokens(): void;
  /** Makes every refresh token issued so far unusable (revoked, or past Spotify's six months). */
  revokeRefreshTokens(): void;
}

interface PendingCode {
  clientId: string;
  redirectUri: string;
  scope: string;
  challenge?: string;
}

const CODE_TTL_MS = 10 * 60 * 1000;

export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

function withQuery(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, v);
  return url.toString();
}

function oauthError(c: Context, status: 400 | 401, error: string, description: string) {
  return c.json({ error, error_description: description }, status);
}

function apiError(c: Context, status: 400 | 401, message: string) {
  return c.json({ error: { status, message } }, status);
}

function readClient(c: Context, form: Record<string, string>): { id: string; secret?: string } | undefined {
  const header = c.req.header('Authorization');
  if (header?.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return undefined;
    return { id: decoded.slice(0, colon), secret: decoded.slice(colon + 1) };
  }
  return form.client_id ? { id: form.client_id, secret: form.client_secret } : undefined;
}

const MALFORMED = 'The request body could not be read as a form.';

const SCOPE_TEXT: Record<string, string> = {
  'user-top-read': 'See your top artists and tracks',
  'user-read-private': 'See your account details',
  'user-read-email': 'See your email address',
  'user-read-recently-played': 'See what you played recently',
  'user-library-read': 'See your saved music',
};

export function createSpotifyFake(options: FakeSpotifyOptions): FakeProvider {
  const now = options.now ?? Date.now;
  const ttlMs = (options.accessTokenTtlSeconds ?? 3600) * 1000;
  const codes = new ExpiringMap<PendingCode>(FAKE_LIMITS.pendingCodes, now);
  const accessTokens = new ExpiringMap<true>(FAKE_LIMITS.accessTokens, now);
  const refreshTokens = new ExpiringMap<string>(FAKE_LIMITS.refreshTokens, now);

  const app = new Hono();
  app.use('*', bodyLimit({ maxSize: 16 * 1024, onError: (c) => oauthError(c, 400, 'invalid_request', 'Body too large') }));

  /** The checks that decide whether the request may be redirected back at all. */
  const trustedRedirect = (clientId: string | undefined, redirectUri: string | undefined) =>
    clientId === options.clientId && redirectUri !== undefined && options.redirectUris.includes(redirectUri);

  app.get('/authorize', (c) => {
    const q = c.req.query();
    if (q.client_id !== options.clientId) return c.html(errorPage('Spotify', 'INVALID_CLIENT: Invalid client'), 400);
    if (!trustedRedirect(q.client_id, q.redirect_uri)) return c.html(errorPage('Spotify', 'INVALID_CLIENT: Invalid redirect URI'), 400);
    const redirectUri = q.redirect_uri as string;
    if (q.response_type !== 'code') return c.redirect(withQuery(redirectUri, { error: 'unsupported_response_type', state: q.state }), 302);
    if (q.code_challenge !== undefined && (q.code_challenge_method !== 'S256' || !/^[A-Za-z0-9_-]{43}$/.test(q.code_challenge))) {
      return c.redirect(withQuery(redirectUri, { error: 'invalid_request', state: q.state }), 302);
    }
    if (options.requirePkce && q.code_challenge === undefined) {
      return c.redirect(withQuery(redirectUri, { error: 'invalid_request', error_description: 'code_challenge required', state: q.state }), 302);
    }
    const scope = q.scope ?? '';
    if (scope.length > FAKE_LIMITS.scopeChars) return c.redirect(withQuery(redirectUri, { error: 'invalid_scope', state: q.state }), 302);
    const requested = scope.split(' ').filter((s) => s !== '');
    const described = [...new Set(requested.map((s) => SCOPE_TEXT[s] ?? 'Read your listening activity'))];
    const fields: Record<string, string> = { client_id: options.clientId, redirect_uri: redirectUri, scope };
    if (q.state !== undefined) fields.state = q.state;
    if (q.code_challenge !== undefined) {
      fields.code_challenge = q.code_challenge;
      fields.code_challenge_method = 'S256';
    }
    return c.html(consentPage({ provider: 'Spotify', action: 'authorize', requests: described.length ? described : ['See your account details'], fields }));
  });

  app.post('/authorize', async (c) => {
    const f = await formOf(c);
    if (!f) return c.html(errorPage('Spotify', MALFORMED), 400);
    if (!trustedRedirect(f.client_id, f.redirect_uri)) return c.html(errorPage('Spotify', 'INVALID_CLIENT: Invalid redirect URI'), 400);
    const redirectUri = f.redirect_uri as string;
    if (f.decision !== 'allow') return c.redirect(withQuery(redirectUri, { error: 'access_denied', state: f.state }), 302);
    const scope = f.scope ?? '';
    if (scope.length > FAKE_LIMITS.scopeChars) return c.redirect(withQuery(redirectUri, { error: 'invalid_scope', state: f.state }), 302);
    if ((f.code_challenge === undefined && options.requirePkce) || (f.code_challenge !== undefined && !/^[A-Za-z0-9_-]{43}$/.test(f.code_challenge))) {
      return c.redirect(withQuery(redirectUri, { error: 'invalid_request', state: f.state }), 302);
    }
    const code = randomToken('code');
    codes.set(code, { clientId: options.clientId, redirectUri, scope, challenge: f.code_challenge }, now() + CODE_TTL_MS);
    return c.redirect(withQuery(redirectUri, { code, state: f.state }), 302);
  });

  const issue = (scope: string, withRefresh: boolean) => {
    const access = randomToken('sp_at');
    accessTokens.set(access, true, now() + ttlMs);
    const answer: Record<string, string | number> = { access_token: access, token_type: 'Bearer', scope, expires_in: Math.round(ttlMs / 1000) };
    if (withRefresh) {
      const refresh = randomToken('sp_rt');
      refreshTokens.set(refresh, scope, now() + FAKE_LIMITS.refreshTtlMs);
      answer.refresh_token = refresh;
    }
    return answer;
  };

  app.post('/api/token', async (c) => {
    if (!c.req.header('Content-Type')?.startsWith('application/x-www-form-urlencoded')) {
      return oauthError(c, 400, 'invalid_request', 'Content-Type must be application/x-www-form-urlencoded');
    }
    const f = await formOf(c);
    if (!f) return oauthError(c, 400, 'invalid_request', MALFORMED);
    const client = readClient(c, f);
    if (!client || client.id !== options.clientId) return oauthError(c, 400, 'invalid_client', 'Invalid client');
    // Without a secret only the PKCE flow is allowed, as with a public client.
    if (client.secret !== undefined && !sameSecret(client.secret, options.clientSecret)) {
      return oauthError(c, 400, 'invalid_client', 'Invalid client secret');
    }

    if (f.grant_type === 'authorization_code') {
      const pending = f.code === undefined ? undefined : codes.take(f.code);
      if (!pending || pending.clientId !== client.id) return oauthError(c, 400, 'invalid_grant', 'Invalid authorization code');
      if (f.redirect_uri !== pending.redirectUri) return oauthError(c, 400, 'invalid_grant', 'Invalid redirect URI');
      if (pending.challenge !== undefined) {
        if (f.code_verifier === undefined || s256(f.code_verifier) !== pending.challenge) {
          return oauthError(c, 400, 'invalid_grant', 'code_verifier was incorrect');
        }
      } else if (client.secret === undefined) {
        return oauthError(c, 400, 'invalid_client', 'Invalid client secret');
      }
      return c.json(issue(pending.scope, true));
    }

    if (f.grant_type === 'refresh_token') {
      const scope = f.refresh_token === undefined ? undefined : refreshTokens.get(f.refresh_token);
      if (scope === undefined) return oauthError(c, 400, 'invalid_grant', 'Invalid refresh token');
      // Spotify usually keeps the refresh token and leaves it out of the answer.
      return c.json(issue(scope, false));
    }

    return oauthError(c, 400, 'unsupported_grant_type', 'grant_type must be authorization_code or refresh_token');
  });

  app.get('/v1/me/top/:type{artists|tracks}', (c) => {
    const header = c.req.header('Authorization');
    if (!header?.startsWith('Bearer ')) return apiError(c, 401, 'No token provided');
    const token = header.slice(7);
    if (!accessTokens.has(token)) return apiError(c, 401, 'Invalid access token');
    if (accessTokens.get(token) === undefined) return apiError(c, 401, 'The access token expired');

    const q = c.req.query();
    const timeRange = q.time_range ?? 'medium_term';
    if (!['short_term', 'medium_term', 'long_term'].includes(timeRange)) return apiError(c, 400, 'Invalid time range');
    const limit = q.limit === undefined ? 20 : Number(q.limit);
    const offset = q.offset === undefined ? 0 : Number(q.offset);
    if (!Number.isInteger(limit) || limit < 1 || limit > 50) return apiError(c, 400, 'Invalid limit');
    if (!Number.isInteger(offset) || offset < 0) return apiError(c, 400, 'Invalid offset');

    const type = c.req.param('type');
    const all: readonly object[] = type === 'artists' ? SPOTIFY_ARTISTS : SPOTIFY_TRACKS;
    // Recent listening differs from the long run: rotate the list so the time ranges are distinguishable.
    const shift = timeRange === 'short_term' ? 2 : timeRange === 'long_term' ? 5 : 0;
    const ordered = [...all.slice(shift), ...all.slice(0, shift)];
    const items = ordered.slice(offset, offset + limit);
    const base = new URL(c.req.url);
    const page = (o: number) => {
      base.search = new URLSearchParams({ time_range: timeRange, limit: String(limit), offset: String(o) }).toString();
      return base.toString();
    };
    return c.json({
      href: page(offset),
      items,
      limit,
      next: offset + limit < ordered.length ? page(offset + limit) : null,
      offset,
      previous: offset > 0 ? page(Math.max(0, offset - limit)) : null,
      total: ordered.length,
    });
  });

  return {
    app,
    expireAccessTokens: () => accessTokens.expireAll(),
    revokeRefreshTokens: () => refreshTokens.clear(),
  };
}
