// The OAuth round trip's shapes (Spotify, Trakt) that its flow and the calls behind it both name.

export type OAuthProvider = 'spotify' | 'trakt';
export const OAUTH_PROVIDERS: readonly OAuthProvider[] = ['spotify', 'trakt'];

/** The screens an OAuth round trip can start from, and so return to when it is declined or fails. */
export const OAUTH_ORIGINS = ['/profile', '/connections'] as const;
export type OAuthOrigin = (typeof OAUTH_ORIGINS)[number];

export interface OAuthTokens {
  access_token: string;
  refresh_token?: string;
}

/** What the provider's redirect back to us carries in its query. */
export interface CallbackParams {
  code: string | null;
  state: string | null;
  error: string | null;
}

/** The person pressed Deny on the provider's consent page (its `error=access_denied`, RFC 6749 section 4.1.2.1). */
export class OAuthDeniedError extends Error {
  constructor(provider: string) {
    super(`${provider} authorization failed: access_denied`);
    this.name = 'OAuthDeniedError';
  }
}
