import { Hono } from 'hono';
import type { ServerConfig } from '../config';

export function healthRoutes(config: ServerConfig) {
  return new Hono().get('/health', (c) => c.json({ status: 'ok', version: config.appVersion }));
}
