import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { SESSION_COOKIE, SESSION_LIFETIME_DAYS } from '../../src/domain/memberContract';

// The session cookie: httpOnly (no script reads it), SameSite=Lax (not sent on cross-site
// sub-requests), Path=/, Secure whenever the app is served over https.

export interface CookiePolicy {
  secure: boolean;
}

export function cookiePolicy(publicOrigin: string): CookiePolicy {
  return { secure: publicOrigin.startsWith('https:') };
}

export function readSessionCookie(c: Context): string | undefined {
  const value = getCookie(c, SESSION_COOKIE);
  return value === undefined || value === '' ? undefined : value;
}

export function writeSessionCookie(c: Context, policy: CookiePolicy, id: string, expiresAt: Date, now: number): void {
  const maxAge = Math.min(SESSION_LIFETIME_DAYS * 24 * 60 * 60, Math.max(0, Math.floor((expiresAt.getTime() - now) / 1000)));
  setCookie(c, SESSION_COOKIE, id, { httpOnly: true, sameSite: 'Lax', path: '/', secure: policy.secure, maxAge });
}

export function clearSessionCookie(c: Context, policy: CookiePolicy): void {
  deleteCookie(c, SESSION_COOKIE, { httpOnly: true, sameSite: 'Lax', path: '/', secure: policy.secure });
}
