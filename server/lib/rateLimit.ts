import type { Context, MiddlewareHandler } from 'hono';
import { jsonError } from './errors';

/** The address of the client, as the Node adapter saw it. */
export function clientKey(c: Context): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'unknown';
}

/**
 * A fixed-window limit per client: at most `limit` requests each `windowMs`. Over it the answer is
 * 429 with Retry-After (whole seconds until the window ends).
 */
export function rateLimit(options: { limit: number; windowMs: number; now?: () => number; name: string }): MiddlewareHandler {
  const now = options.now ?? Date.now;
  const windows = new Map<string, { start: number; count: number }>();
  return async (c, next) => {
    const key = clientKey(c);
    const t = now();
    let w = windows.get(key);
    if (!w || t - w.start >= options.windowMs) {
      w = { start: t, count: 0 };
      windows.set(key, w);
      if (windows.size > 10_000) {
        for (const [k, v] of windows) if (t - v.start >= options.windowMs) windows.delete(k);
      }
    }
    w.count += 1;
    if (w.count > options.limit) {
      const retryAfter = Math.max(1, Math.ceil((w.start + options.windowMs - t) / 1000));
      c.header('Retry-After', String(retryAfter));
      return jsonError(c, 429, 'RATE_LIMITED', `Too many ${options.name} requests. Try again in ${retryAfter} s.`);
    }
    await next();
  };
}
