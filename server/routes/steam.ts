import { Hono } from 'hono';
import type { ServerConfig } from '../config';

// Built by the outside-services work: the three Steam routes.
export function steamRoutes(_config: ServerConfig) {
  return new Hono();
}
