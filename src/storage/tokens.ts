import { z } from 'zod';
import { defineKey, type StoredKey } from './store';

export type OAuthProvider = 'spotify' | 'trakt';
export const OAUTH_PROVIDERS: readonly OAuthProvider[] = ['spotify', 'trakt'];

const token = z.string();
export function accessTokenKey(provider: OAuthProvider): StoredKey<string> {
  return defineKey(`${provider}_access_token`, token, () => '', { codec: 'text' });
}
export function refreshTokenKey(provider: OAuthProvider): StoredKey<string> {
  return defineKey(`${provider}_refresh_token`, token, () => '', { codec: 'text' });
}

/** The four service-token keys: Clear App Data keeps them, Log Out removes them (docs/product.md section 9). */
export const SERVICE_TOKEN_KEYS = OAUTH_PROVIDERS.flatMap((p) => [`${p}_access_token`, `${p}_refresh_token`]);

/** The OAuth round trip's `state` and PKCE verifier live in sessionStorage only while it lasts. */
export function oauthStateKey(provider: OAuthProvider): StoredKey<string> {
  return defineKey(`oauth_state_${provider}`, token, () => '', { area: 'session', codec: 'text' });
}
export function pkceVerifierKey(provider: OAuthProvider): StoredKey<string> {
  return defineKey(`pkce_verifier_${provider}`, token, () => '', { area: 'session', codec: 'text' });
}
