import { Hono } from 'hono';
import type { ServerConfig } from '../config';

// Built by the outside-services work: token exchange and refresh for Spotify and Trakt.
export function oauthRoutes(_config: ServerConfig) {
  return new Hono();
}
