import { Hono } from 'hono';
import type { ServerConfig } from '../config';

/** Public client configuration. Client ids and URLs only: never a secret. */
export function publicConfig(config: ServerConfig) {
  return {
    spotify: {
      clientId: config.spotify.clientId,
      authorizeUrl: config.spotify.authorizeUrl,
      redirectUri: config.spotify.redirectUri,
      scopes: [...config.spotify.scopes],
      demo: config.spotify.demo,
    },
    trakt: {
      clientId: config.trakt.clientId,
      authorizeUrl: config.trakt.authorizeUrl,
      redirectUri: config.trakt.redirectUri,
      demo: config.trakt.demo,
    },
    steam: { demo: config.steam.demo },
    ai: { provider: config.gemini.apiKey ? 'gemini' : 'local' },
    version: config.appVersion,
  } as const;
}

export function configRoutes(config: ServerConfig) {
  const body = publicConfig(config);
  return new Hono().get('/config', (c) => c.json(body));
}
