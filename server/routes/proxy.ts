import { Hono } from 'hono';
import type { ServerConfig } from '../config';

// Built by the outside-services work: Spotify top items and Trakt watchlists under /api/api.
export function dataProxyRoutes(_config: ServerConfig) {
  return new Hono();
}
