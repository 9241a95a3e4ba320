import { z } from 'zod';
import { defineKey, type StoredKey } from './store';

import { OAUTH_ORIGINS, OAUTH_PROVIDERS, type OAuthOrigin, type OAuthProvider } from '../../domain/oauth';

export { OAUTH_ORIGINS, OAUTH_PROVIDERS, type OAuthOrigin, type OAuthProvider };

const token = z.string();
export function accessTokenKey(provider: OAuthProvider): StoredKey<string> {
  return defineKey(`${provider}_access_token`, token, () => '', { codec: 'text' });
}
export function refreshTokenKey(provider: OAuthProvider): StoredKey<string> {
  return defineKey(`${provider}_refresh_token`, token, () => '', { codec: 'text' });
}

/** The four service-token keys: Clear App Data keeps them, Log Out removes them (docs/product.md). */
export const SERVICE_TOKEN_KEYS = OAUTH_PROVIDERS.flatMap((p) => [`${p}_access_token`, `${p}_refresh_token`]);

/** The OAuth round trip's `state` and PKCE verifier live in sessionStorage only while it lasts. */
export function oauthStateKey(provider: OAuthProvider): StoredKey<string> {
  return defineKey(`oauth_state_${provider}`, token, () => '', { area: 'session', codec: 'text' });
}
/** Where the round trip started, kept across the provider's redirect; anything else read back counts as /profile. */
export function oauthOriginKey(provider: OAuthProvider): StoredKey<OAuthOrigin> {
  return defineKey(`oauth_origin_${provider}`, z.enum(OAUTH_ORIGINS), () => '/profile', { area: 'session', codec: 'text' });
}
export function pkceVerifierKey(provider: OAuthProvider): StoredKey<string> {
  return defineKey(`pkce_verifier_${provider}`, token, () => '', { area: 'session', codec: 'text' });
}
