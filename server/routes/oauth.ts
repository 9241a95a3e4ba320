import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { OAuthProviderConfig, ServerConfig } from '../config';
import { refuse } from '../lib/errors';
import { refreshBinding } from '../lib/refreshBinding';
import { rateLimit } from '../lib/rateLimit';
import { badUpstream, callUpstream, parseOk, unavailable, upstreamRateLimited, type UpstreamResult } from '../lib/upstreamCall';
import { jsonBody } from '../lib/validate';

// Code exchange and refresh for the two OAuth providers. The client secrets are added here and never
// leave the server; the redirect URI is always the configured one, whatever the client sends.

const token = z.string().min(1).max(4096);

const spotifyTokenBody = z.object({
  code: token,
  // RFC 7636: 43-128 unreserved characters. Required: a code stolen on its way back (a redirect
  // logged, a browser extension) is worthless without the verifier that never left the browser.
  code_verifier: z.string().regex(/^[A-Za-z0-9._~-]{43,128}$/, 'code_verifier must be a PKCE verifier (43-128 characters).'),
  redirect_uri: z.string().max(2048).optional(),
});
const refreshBody = z.object({ refresh_token: token });
const traktTokenBody = z.object({ code: token });

const spotifyAnswer = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.number().optional(),
});
const traktAnswer = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1),
  expires_in: z.number().optional(),
});
const oauthError = z.object({ error: z.string() });

type TokenAnswer = { access_token: string; refresh_token?: string; expires_in?: number };

type Binding = ReturnType<typeof refreshBinding>;

/**
 * Maps the provider's token answer to ours: the tokens on success, a JSON error without provider
 * detail otherwise. A new refresh token is bound to this browser (an httpOnly cookie).
 */
function tokenResponse(c: Context, result: UpstreamResult, schema: typeof spotifyAnswer | typeof traktAnswer, service: string, binding: Binding) {
  if (result.kind !== 'response') return unavailable(c, result, service);
  if (result.status === 429) return upstreamRateLimited(c, result, service);
  const ok = parseOk(result, schema);
  if (ok) {
    if (ok.refresh_token !== undefined) binding.bind(c, ok.refresh_token);
    const answer: TokenAnswer = { access_token: ok.access_token };
    if (ok.refresh_token !== undefined) answer.refresh_token = ok.refresh_token;
    if (ok.expires_in !== undefined) answer.expires_in = ok.expires_in;
    return c.json(answer);
  }
  const providerError = oauthError.safeParse(result.body);
  if ((result.status === 400 || result.status === 401) && providerError.success) {
    if (providerError.data.error === 'invalid_grant') {
      return refuse(c, { status: 400, code: 'INVALID_GRANT', message: `${service} did not accept the authorization code or refresh token.` });
    }
    if (providerError.data.error === 'invalid_client') {
      return refuse(c, { status: 502, code: 'PROVIDER_REJECTED_CLIENT', message: `${service} did not accept this server's client credentials.` });
    }
  }
  return badUpstream(c, service);
}

function notBound(c: Context, service: string) {
  return refuse(c, { status: 403, code: 'REFRESH_NOT_BOUND', message: `This ${service} sign-in belongs to another browser. Connect ${service} again.` });
}

function bindingFor(name: 'spotify' | 'trakt', provider: OAuthProviderConfig, config: ServerConfig) {
  return refreshBinding({ name, secret: provider.clientSecret, secure: config.origin.startsWith('https:') });
}

export function oauthRoutes(config: ServerConfig) {
  const app = new Hono();
  const timeout = config.upstreamTimeoutMs;
  const spotify = config.spotify;
  const trakt = config.trakt;
  // Each exchange spends this server's client credentials with the provider.
  const limit = rateLimit({ name: 'sign-in', limit: config.rateLimits.authPerMinute, windowMs: 60_000, trustProxyHops: config.trustProxyHops });
  app.use('/spotify/auth/*', limit);
  app.use('/trakt/auth/*', limit);
  const spotifyBinding = bindingFor('spotify', spotify, config);
  const traktBinding = bindingFor('trakt', trakt, config);
  const spotifyAuth = `Basic ${Buffer.from(`${spotify.clientId}:${spotify.clientSecret}`).toString('base64')}`;

  const spotifyToken = (form: Record<string, string>) =>
    callUpstream(
      spotify.tokenUrl,
      {
        method: 'POST',
        headers: { Authorization: spotifyAuth, 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body: new URLSearchParams(form).toString(),
      },
      timeout,
    );

  const traktToken = (body: Record<string, string>) =>
    callUpstream(
      trakt.tokenUrl,
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'User-Agent': `Mycelius/${config.appVersion}`,
        },
        body: JSON.stringify({ ...body, client_id: trakt.clientId, client_secret: trakt.clientSecret, redirect_uri: trakt.redirectUri }),
      },
      timeout,
    );

  app.post('/spotify/auth/token', jsonBody(spotifyTokenBody), async (c) => {
    const input = c.req.valid('json');
    const form: Record<string, string> = {
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: spotify.redirectUri,
      code_verifier: input.code_verifier,
    };
    return tokenResponse(c, await spotifyToken(form), spotifyAnswer, 'Spotify', spotifyBinding);
  });

  app.post('/spotify/auth/refresh', jsonBody(refreshBody), async (c) => {
    const input = c.req.valid('json');
    if (!spotifyBinding.holds(c, input.refresh_token)) return notBound(c, 'Spotify');
    const result = await spotifyToken({ grant_type: 'refresh_token', refresh_token: input.refresh_token });
    return tokenResponse(c, result, spotifyAnswer, 'Spotify', spotifyBinding);
  });

  app.post('/trakt/auth/token', jsonBody(traktTokenBody), async (c) => {
    const input = c.req.valid('json');
    const result = await traktToken({ code: input.code, grant_type: 'authorization_code' });
    return tokenResponse(c, result, traktAnswer, 'Trakt', traktBinding);
  });

  app.post('/trakt/auth/refresh', jsonBody(refreshBody), async (c) => {
    const input = c.req.valid('json');
    if (!traktBinding.holds(c, input.refresh_token)) return notBound(c, 'Trakt');
    // Trakt refresh tokens are single use: the answer's new refresh_token must replace the client's.
    const result = await traktToken({ refresh_token: input.refresh_token, grant_type: 'refresh_token' });
    return tokenResponse(c, result, traktAnswer, 'Trakt', traktBinding);
  });

  return app;
}
