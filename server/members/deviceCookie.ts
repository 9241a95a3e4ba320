import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { API_BASE } from '../lib/apiBase';
import type { CookiePolicy } from './sessionCookie';

// The device cookie (OWASP, "Slow down online guessing attacks with device cookies"): given at every
// log-in, it says "this browser logged in as this member before", so the log-in throttle lets it in
// while strangers guessing that member's password are slowed or locked. Its value is
// `<member id>.<random id>.<HMAC-SHA256 of both>`; httpOnly, SameSite=Strict, kept for a year and
// kept across log-outs. The HMAC key is made once per database (server_secrets) by whichever app
// server needs it first, so every server on one database accepts every other's cookies; deleting that
// row revokes every device cookie at once (a server reads the key once, at its first use).

export const DEVICE_COOKIE = 'mycelius_device';
export const DEVICE_COOKIE_LIFETIME_DAYS = 365;
const KEY_NAME = 'device-cookie-hmac-key';

export interface KnownDevice {
  memberId: string;
  /** The cookie's own random id, the key the throttle counts this device's failures under. */
  deviceId: string;
}

export function deviceCookies(db: Kysely<Database>) {
  let key: Promise<Buffer> | undefined;

  async function loadKey(): Promise<Buffer> {
    await db
      .insertInto('server_secrets')
      .values({ name: KEY_NAME, value: randomBytes(32).toString('base64url') })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    const row = await db.selectFrom('server_secrets').select('value').where('name', '=', KEY_NAME).executeTakeFirstOrThrow();
    return Buffer.from(row.value, 'base64url');
  }

  function hmacKey(): Promise<Buffer> {
    key ??= loadKey().catch((error: unknown) => {
      key = undefined;
      throw error;
    });
    return key;
  }

  async function signature(memberId: string, deviceId: string): Promise<Buffer> {
    return createHmac('sha256', await hmacKey()).update(`${memberId}.${deviceId}`).digest();
  }

  return {
    /** The device this browser's cookie names, when its signature is right; undefined otherwise. */
    async read(c: Context): Promise<KnownDevice | undefined> {
      const value = getCookie(c, DEVICE_COOKIE);
      const [memberId, deviceId, signed, ...rest] = value?.split('.') ?? [];
      if (!memberId || !deviceId || !signed || rest.length > 0) return undefined;
      const given = Buffer.from(signed, 'base64url');
      const expected = await signature(memberId, deviceId);
      return given.length === expected.length && timingSafeEqual(given, expected) ? { memberId, deviceId } : undefined;
    },
    async issue(c: Context, policy: CookiePolicy, memberId: string): Promise<void> {
      const deviceId = randomBytes(16).toString('base64url');
      const signed = (await signature(memberId, deviceId)).toString('base64url');
      setCookie(c, DEVICE_COOKIE, `${memberId}.${deviceId}.${signed}`, {
        httpOnly: true,
        sameSite: 'Strict',
        path: API_BASE,
        secure: policy.secure,
        maxAge: DEVICE_COOKIE_LIFETIME_DAYS * 24 * 60 * 60,
      });
    },
    clear(c: Context, policy: CookiePolicy): void {
      deleteCookie(c, DEVICE_COOKIE, { httpOnly: true, sameSite: 'Strict', path: API_BASE, secure: policy.secure });
    },
  };
}

