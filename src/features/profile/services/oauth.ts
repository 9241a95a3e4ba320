import { z } from 'zod';
import { OAuthDeniedError, type CallbackParams, type OAuthTokens } from '../../../domain/oauth';
import {
  accessTokenKey,
  oauthOriginKey,
  oauthStateKey,
  pkceVerifierKey,
  refreshTokenKey,
  type OAuthOrigin,
  type OAuthProvider,
} from '../../../shared/storage/tokens';
import { tasteOfferPendingKey } from '../storage/tasteOffer';
import { BACKEND_URL, type ClientConfig, type ClientConfigLoader } from '../../../shared/http/config';
import { setServiceConnected } from './connectedServices';
import { postJson } from '../../../shared/http/http';

// The OAuth round trip for the music (Spotify) and tracking (Trakt) services, and the one place that
// refreshes and logs a provider out: the provider auth machine and the data calls both use these.

const tokenAnswer = z.object({ access_token: z.string().optional(), refresh_token: z.string().optional() });

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

// Encoded by hand: btoa's handling of bytes above 127 is not the same in every environment.
function base64Url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let c = 0; c < chars; c += 1) out += BASE64URL.charAt((n >> (18 - 6 * c)) & 63);
  }
  return out;
}

/** A URL-safe random string from `byteLength` random bytes (32 bytes → 43 characters). */
export function randomUrlSafe(byteLength = 32): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(byteLength)));
}

/** PKCE S256: base64url(SHA-256(verifier)). */
export async function pkceChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier));
  return base64Url(new Uint8Array(digest));
}

export function buildAuthorizeUrl(
  provider: OAuthProvider,
  config: ClientConfig,
  round: { state: string; codeChallenge?: string },
): string {
  const settings = config[provider];
  const url = new URL(settings.authorizeUrl, globalThis.location?.origin ?? 'http://127.0.0.1');
  const params = url.searchParams;
  params.set('client_id', settings.clientId);
  params.set('response_type', 'code');
  params.set('redirect_uri', settings.redirectUri);
  params.set('state', round.state);
  if (provider === 'spotify') {
    params.set('scope', config.spotify.scopes.join(' '));
    params.set('show_dialog', 'true');
    if (round.codeChallenge) {
      params.set('code_challenge_method', 'S256');
      params.set('code_challenge', round.codeChallenge);
    }
  }
  return url.toString();
}

/**
 * Saves a fresh `state` (and for Spotify a PKCE verifier) for the round trip, and the screen it starts from so
 * a declined or failed connection returns there; returns where to send the browser.
 */
export async function prepareLogin(loadConfig: ClientConfigLoader, provider: OAuthProvider, origin: OAuthOrigin = '/profile'): Promise<string> {
  const config = await loadConfig();
  const state = randomUrlSafe(16);
  let codeChallenge: string | undefined;
  if (provider === 'spotify') {
    const verifier = randomUrlSafe(48);
    codeChallenge = await pkceChallenge(verifier);
    pkceVerifierKey(provider).write(verifier);
  }
  oauthStateKey(provider).write(state);
  oauthOriginKey(provider).write(origin);
  return buildAuthorizeUrl(provider, config, { state, codeChallenge });
}

/** Trades a code for tokens. A failed answer or one without access_token is logged and gives null. */
export async function exchangeCode(provider: OAuthProvider, code: string): Promise<OAuthTokens | null> {
  const body: Record<string, string> = { code };
  if (provider === 'spotify') body.code_verifier = pkceVerifierKey(provider).read();
  try {
    const answer = await postJson(`${BACKEND_URL}/${provider}/auth/token`, body, tokenAnswer);
    if (!answer.access_token) {
      console.error(`${provider}: token exchange answered without an access token`);
      return null;
    }
    return { access_token: answer.access_token, refresh_token: answer.refresh_token };
  } catch (error) {
    console.error(`${provider}: token exchange failed`, error);
    return null;
  }
}

export type SignInCompleter = (provider: OAuthProvider, params: CallbackParams) => Promise<OAuthTokens | null>;

/**
 * Checks the provider's redirect back to us and exchanges its code, once per code: a code is single use, and
 * React StrictMode mounts a callback screen twice, so every caller of one completer asking about the same code
 * gets the same answer from one exchange (the app keeps one completer for its life).
 * Throws OAuthDeniedError when the person declined, and an Error when the redirect carries another error, has
 * no code, or its state is not the one we saved.
 */
export function createSignInCompleter(): SignInCompleter {
  const signIns = new Map<string, Promise<OAuthTokens | null>>();
  return (provider, params) => {
    if (params.error === 'access_denied') return Promise.reject(new OAuthDeniedError(provider));
    if (params.error) return Promise.reject(new Error(`${provider} authorization failed: ${params.error}`));
    if (!params.code) return Promise.reject(new Error(`${provider} callback carried no code`));
    const code = params.code;
    const existing = signIns.get(code);
    if (existing) return existing;
    const expected = oauthStateKey(provider).read();
    if (!expected || params.state !== expected) {
      return Promise.reject(new Error(`${provider} callback state does not match the one we sent`));
    }
    const pending = exchangeCode(provider, code);
    signIns.set(code, pending);
    return pending;
  };
}

/** Stores tokens; an answer without a refresh token keeps the stored one (Spotify may omit it). */
export function storeTokens(provider: OAuthProvider, tokens: OAuthTokens): void {
  accessTokenKey(provider).write(tokens.access_token);
  if (tokens.refresh_token) refreshTokenKey(provider).write(tokens.refresh_token);
}

/** After a successful callback: tokens stored, service marked connected, round-trip values dropped. */
export function finishSignIn(provider: OAuthProvider, tokens: OAuthTokens): void {
  storeTokens(provider, tokens);
  setServiceConnected(provider, true);
  oauthStateKey(provider).remove();
  pkceVerifierKey(provider).remove();
  oauthOriginKey(provider).remove();
  // The screen the round trip returns to offers this service's taste.
  tasteOfferPendingKey(provider).write(true);
}

/** The screen this provider's round trip started from (/profile when unknown). */
export function oauthOriginOf(provider: OAuthProvider): OAuthOrigin {
  return oauthOriginKey(provider).read();
}

/**
 * Gets a new access token with the stored refresh token and stores it. A Trakt refresh token is single
 * use, so the new one replaces it. Throws (after logging) when there is none or the refresh fails.
 */
export async function refreshAccessToken(provider: OAuthProvider): Promise<string> {
  const refreshToken = refreshTokenKey(provider).read();
  if (!refreshToken) {
    console.error(`${provider}: no refresh token stored`);
    throw new Error(`${provider}: no refresh token`);
  }
  let answer: z.infer<typeof tokenAnswer>;
  try {
    answer = await postJson(`${BACKEND_URL}/${provider}/auth/refresh`, { refresh_token: refreshToken }, tokenAnswer);
  } catch (error) {
    console.error(`${provider}: token refresh failed`, error);
    throw error;
  }
  if (!answer.access_token) {
    console.error(`${provider}: token refresh answered without an access token`);
    throw new Error(`${provider}: refresh gave no access token`);
  }
  storeTokens(provider, { access_token: answer.access_token, refresh_token: answer.refresh_token });
  return answer.access_token;
}

/** Forgets the provider: both tokens removed and the profile no longer lists it as connected. */
export function logoutProvider(provider: OAuthProvider): void {
  accessTokenKey(provider).remove();
  refreshTokenKey(provider).remove();
  setServiceConnected(provider, false);
}
