import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';

// A refresh token lives in the browser's localStorage (SPEC), where a script injection or a copied
// profile could read it. To redeem it here the browser must also present an httpOnly cookie, set
// when the token was issued: an HMAC of the token that scripts cannot read. The HMAC key derives
// from the provider's client secret, so bindings survive restarts without a new setting, and a
// rotated secret (which invalidates the provider's tokens anyway) retires them.

const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;

export function refreshBinding(options: { name: 'spotify' | 'trakt'; secret: string; secure: boolean }) {
  const cookie = `mycelius_${options.name}_refresh`;
  const path = `/api/${options.name}/auth`;
  const key = createHmac('sha256', 'mycelius refresh binding').update(options.secret).digest();
  const seal = (refreshToken: string) => createHmac('sha256', key).update(refreshToken).digest('base64url');

  return {
    /** Binds a newly issued refresh token to the browser that receives it. */
    bind(c: Context, refreshToken: string): void {
      setCookie(c, cookie, seal(refreshToken), {
        httpOnly: true,
        sameSite: 'Strict',
        secure: options.secure,
        path,
        maxAge: COOKIE_MAX_AGE_SECONDS,
      });
    },
    /** True when this browser holds the binding of exactly this refresh token. */
    holds(c: Context, refreshToken: string): boolean {
      const presented = Buffer.from(getCookie(c, cookie) ?? '');
      const expected = Buffer.from(seal(refreshToken));
      return presented.length === expected.length && timingSafeEqual(presented, expected);
    },
  };
}
