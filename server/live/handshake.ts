import type { IncomingMessage } from 'node:http';
import type { Kysely } from 'kysely';
import { parse, serialize } from 'hono/utils/cookie';
import { MEMBER_HINT_COOKIE, SESSION_COOKIE, SESSION_LIFETIME_DAYS } from '../../src/domain/memberContract';
import type { Database } from '../db/schema';
import { hashSessionId, resumeSession } from '../members/sessions';
import type { CookiePolicy } from '../members/sessionCookie';

// Who is opening a socket: the same session cookie the HTTP routes read, resumed the same way (its
// expiry slides), from a page of this app's own origin only.

export type Handshake =
  | { kind: 'member'; memberId: string; sessionHash: string; setCookies: string[] }
  | { kind: 'unauthenticated' }
  | { kind: 'forbidden' };

function sessionCookie(request: IncomingMessage): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  const value = parse(header, SESSION_COOKIE)[SESSION_COOKIE];
  return value === undefined || value === '' ? undefined : value;
}

/** The cookies a slid session re-sends, as the HTTP routes would (the 101 answer carries them). */
function renewedCookies(id: string, expiresAt: Date, now: number, policy: CookiePolicy): string[] {
  const maxAge = Math.min(SESSION_LIFETIME_DAYS * 24 * 60 * 60, Math.max(0, Math.floor((expiresAt.getTime() - now) / 1000)));
  return [
    serialize(SESSION_COOKIE, id, { httpOnly: true, sameSite: 'Lax', path: '/', secure: policy.secure, maxAge }),
    serialize(MEMBER_HINT_COOKIE, '1', { sameSite: 'Lax', path: '/', secure: policy.secure, maxAge }),
  ];
}

export async function checkHandshake(
  request: IncomingMessage,
  db: Kysely<Database>,
  originAllowed: (origin: string) => boolean,
  policy: CookiePolicy,
  now: number,
): Promise<Handshake> {
  // Browsers always send Origin on a WebSocket handshake; a page of another site must not ride the cookie.
  const origin = request.headers.origin;
  if (origin === undefined || !originAllowed(origin)) return { kind: 'forbidden' };
  const id = sessionCookie(request);
  const session = id ? await resumeSession(db, id, now) : undefined;
  if (!id || !session) return { kind: 'unauthenticated' };
  return { kind: 'member', memberId: session.memberId, sessionHash: hashSessionId(id), setCookies: session.extendedTo ? renewedCookies(id, session.extendedTo, now, policy) : [] };
}
