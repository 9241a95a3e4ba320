import type { Context, MiddlewareHandler } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { refuse } from '../lib/errors';
import { resumeSession } from './sessions';
import { clearSessionCookie, readSessionCookie, writeSessionCookie, type CookiePolicy } from './sessionCookie';

// The gate of every route that acts for a signed-in member: it resumes the session from the cookie
// (sliding its expiry), puts the member's id on the context, or answers 401 UNAUTHENTICATED and
// clears a cookie the server no longer knows.

/** `sessionHash`: the stored hash of the caller's session (what 'This device' is told by). */
export type MemberEnv = { Variables: { memberId: string; sessionHash: string } };

export function requireMember(db: Kysely<Database>, policy: CookiePolicy, now: () => number): MiddlewareHandler<MemberEnv> {
  return async (c: Context<MemberEnv>, next) => {
    const id = readSessionCookie(c);
    const t = now();
    const session = id ? await resumeSession(db, id, t) : undefined;
    if (!id || !session) {
      if (id) clearSessionCookie(c, policy);
      return refuse(c, { status: 401, code: 'UNAUTHENTICATED' });
    }
    if (session.extendedTo) writeSessionCookie(c, policy, id, session.extendedTo, t);
    c.set('memberId', session.memberId);
    c.set('sessionHash', session.idHash);
    await next();
  };
}
