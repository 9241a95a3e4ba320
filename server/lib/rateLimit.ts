import type { Context, MiddlewareHandler } from 'hono';
import { clientAddress, rateLimitKey } from './clientAddress';
import { refuse } from './errors';

// Token buckets per client: each holds up to `limit` requests and refills at `limit` per `windowMs`,
// so a burst is allowed and the steady rate is bounded, with no edge where two windows meet. The
// buckets live in an LRU map of bounded size: a flood of new addresses evicts the least recently seen
// client (who then starts with a full bucket) instead of growing memory.

export const DEFAULT_MAX_CLIENTS = 10_000;

interface Bucket {
  tokens: number;
  at: number;
}

export interface TokenBucketOptions {
  limit: number;
  windowMs: number;
  maxKeys?: number;
  now?: () => number;
}

/** The limiter itself, without HTTP: `take(key)` is 0 when allowed, else the ms until the next token. */
export function tokenBuckets(options: TokenBucketOptions) {
  const now = options.now ?? Date.now;
  const maxKeys = options.maxKeys ?? DEFAULT_MAX_CLIENTS;
  const perMs = options.limit / options.windowMs;
  const buckets = new Map<string, Bucket>();
  return {
    take(key: string): number {
      const t = now();
      const previous = buckets.get(key);
      const bucket = previous ?? { tokens: options.limit, at: t };
      bucket.tokens = Math.min(options.limit, bucket.tokens + (t - bucket.at) * perMs);
      bucket.at = t;
      // Re-inserting moves the key to the young end of the map's order.
      buckets.delete(key);
      buckets.set(key, bucket);
      if (buckets.size > maxKeys) {
        const oldest = buckets.keys().next().value;
        if (oldest !== undefined) buckets.delete(oldest);
      }
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return 0;
      }
      return Math.ceil((1 - bucket.tokens) / perMs);
    },
    size: () => buckets.size,
  };
}

/** The rate-limit key of the request's client (see clientAddress and rateLimitKey), for limiters of other routes. */
export function clientKey(c: Context, trustProxyHops = 0): string {
  return rateLimitKey(clientAddress(c, trustProxyHops));
}

export function retryAfterSeconds(waitMs: number): number {
  return Math.max(1, Math.ceil(waitMs / 1000));
}

export function tooMany(c: Context, what: string, waitMs: number) {
  const seconds = retryAfterSeconds(waitMs);
  return refuse(c, { status: 429, code: 'RATE_LIMITED', message: `Too many ${what} requests. Try again in ${seconds} s.`, retryAfter: seconds });
}

/** Per-client limit: over it the answer is 429 RATE_LIMITED with Retry-After in whole seconds. */
export function rateLimit(
  options: TokenBucketOptions & { name: string; trustProxyHops?: number },
): MiddlewareHandler {
  const buckets = tokenBuckets(options);
  return async (c, next) => {
    const wait = buckets.take(clientKey(c, options.trustProxyHops));
    if (wait > 0) return tooMany(c, options.name, wait);
    await next();
  };
}
