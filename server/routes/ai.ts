import { Hono } from 'hono';
import type { ServerConfig } from '../config';

// Built by the AI work: one route per AI feature.
export function aiRoutes(_config: ServerConfig) {
  return new Hono();
}
