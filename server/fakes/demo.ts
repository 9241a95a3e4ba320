import type { Hono } from 'hono';
import type { ServerConfig } from '../config';

// Built by the outside-services work: mounts the fake providers whose credentials are missing.
export function demoProviders(_config: ServerConfig): Hono | null {
  return null;
}
