import type { MiddlewareHandler } from 'hono';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // React sets style attributes (fades, heights); no inline <style> or script is needed.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
].join('; ');

const HSTS = 'max-age=31536000';

/**
 * Set on every response, whatever route or error produced it. HSTS only when the public origin is
 * https: over plain http the header is ignored, and on a local install it would be wrong.
 */
export const securityHeaders = (options: { hsts: boolean }): MiddlewareHandler => async (c, next) => {
  await next();
  // A fresh Response so headers are mutable even on responses built from immutable ones (fetch results).
  c.res = new Response(c.res.body, c.res);
  c.res.headers.set('Content-Security-Policy', CSP);
  c.res.headers.set('X-Content-Type-Options', 'nosniff');
  c.res.headers.set('Referrer-Policy', 'no-referrer');
  c.res.headers.set('X-Frame-Options', 'DENY');
  c.res.headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  c.res.headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
  if (options.hsts) c.res.headers.set('Strict-Transport-Security', HSTS);
};

/** API answers hold tokens and per-user data: no cache, shared or private, may keep them. */
export const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  c.res.headers.set('Cache-Control', 'no-store');
};
