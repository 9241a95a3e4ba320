import { Hono } from 'hono';
import type { ServerConfig } from '../config';
import { rateLimit } from '../lib/rateLimit';
import { createSpotifyFake } from './spotify';
import { createSteamFake } from './steam';
import { createTraktFake } from './trakt';

/**
 * Mounts the fake provider of every service that has no credentials configured, so Connect works end
 * to end with no accounts. Config's demo URLs point at these mounts (/demo/spotify, /demo/trakt, /demo/steam).
 */
export function demoProviders(config: ServerConfig): Hono | null {
  if (!config.spotify.demo && !config.trakt.demo && !config.steam.demo) return null;
  const app = new Hono();
  // Open to anyone who can reach the server, so bounded like the real providers are.
  app.use('*', rateLimit({ name: 'demo provider', limit: config.rateLimits.demoPerMinute, windowMs: 60_000, trustProxyHops: config.trustProxyHops }));
  if (config.spotify.demo) {
    const { clientId, clientSecret, redirectUri } = config.spotify;
    app.route('/spotify', createSpotifyFake({ clientId, clientSecret, redirectUris: [redirectUri], requirePkce: true }).app);
  }
  if (config.trakt.demo) {
    const { clientId, clientSecret, redirectUri } = config.trakt;
    app.route('/trakt', createTraktFake({ clientId, clientSecret, redirectUris: [redirectUri] }).app);
  }
  if (config.steam.demo) app.route('/steam', createSteamFake({ apiKey: config.steam.apiKey }).app);
  return app;
}
