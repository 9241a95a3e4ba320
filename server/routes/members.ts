import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import {
  MEMBER_ROUTES,
  deleteAccountRequestSchema,
  invalidPictureText,
  loginRequestSchema,
  memberErrorTexts,
  memberProfileWriteSchema,
  PROFILE_UPDATED_AT_MAX_AHEAD_MS,
  signupRequestSchema,
  tooManyAttemptsText,
  type MemberErrorCode,
  type MemberField,
} from '../../src/domain/memberContract';
import type { ServerConfig } from '../config';
import type { Database } from '../db/schema';
import type { LiveBus } from '../live/feature';
import { checkJsonBody } from '../lib/validate';
import { clientKey } from '../lib/rateLimit';
import { checkCredentials, deleteAccount, findMember, loginProblem, signUp } from '../members/accounts';
import { createLoginThrottle } from '../members/loginThrottle';
import { pictureProblem, readProfile, writeProfile } from '../members/profiles';
import { requireMember as requireSession, type MemberEnv } from '../members/requireMember';
import { createSession, endSession } from '../members/sessions';
import { clearSessionCookie, cookiePolicy, readSessionCookie, writeSessionCookie } from '../members/sessionCookie';
import { socialExport } from '../social/exportData';

// The members routes (accounts, sessions, the member's own profile). The wire contract, with every
// text a person can see, is src/domain/memberContract.ts. Passwords are read from the body, handed
// to argon2 and dropped: never logged, never stored in clear, never sent back.

export interface MemberRoutesDeps {
  db: Kysely<Database>;
  now?: () => number;
  /** The live bus, when the live layer runs: routes publish what sockets must hear (ids only). */
  bus?: Pick<LiveBus, 'publish'>;
}


/** MEMBER_ROUTES are absolute (/api/...); this app is mounted under /api. */
function relative(path: string): string {
  return path.replace(/^\/api/, '');
}

type ErrorStatus = 400 | 401 | 403 | 409 | 413 | 429;

function memberError(c: Context, status: ErrorStatus, code: MemberErrorCode, field?: MemberField) {
  return c.json({ error: { code, message: memberErrorTexts[code], ...(field ? { field } : {}) } }, status);
}

function fieldError(c: Context, field: MemberField, message: string) {
  return c.json({ error: { code: 'INVALID_INPUT', message, field } }, 400);
}

async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S> | Response> {
  const checked = await checkJsonBody(c, schema);
  return checked.ok ? checked.data : c.json({ error: { code: 'INVALID_REQUEST', message: checked.message } }, 400);
}

export function memberRoutes(config: ServerConfig, deps: MemberRoutesDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const throttle = createLoginThrottle(db);
  const policy = cookiePolicy(config.origin);
  const app = new Hono<MemberEnv>();

  // Only this router's own paths: it is mounted at the /api root beside the other routers. Cross-site
  // writes are refused for all of /api by the app's same-origin guard (server/lib/sameOrigin.ts).
  const memberPaths = ['/auth/*', '/me', '/me/*'];
  for (const path of memberPaths) {
    app.use(path, async (c, next) => {
      await next();
      // Answers about one member must never be kept by a shared cache.
      c.header('Cache-Control', 'no-store');
    });
  }

  /** Starts a fresh session (a new id at every log-in: no fixation) and ends the one the browser had. */
  async function startSession(c: Context, memberId: string) {
    const previous = readSessionCookie(c);
    if (previous) await endSession(db, previous);
    const t = now();
    const session = await createSession(db, memberId, t);
    writeSessionCookie(c, policy, session.id, session.expiresAt, t);
  }

  const requireMember = requireSession(db, policy, now);

  app.post(relative(MEMBER_ROUTES.signup), async (c) => {
    const body = await readBody(c, signupRequestSchema);
    if (body instanceof Response) return body;
    const result = await signUp(db, body, now());
    if (!result.ok) {
      if (result.reason === 'invalid') return fieldError(c, result.problem.field, result.problem.message);
      return result.reason === 'usernameTaken'
        ? memberError(c, 409, 'USERNAME_TAKEN', 'username')
        : memberError(c, 409, 'EMAIL_TAKEN', 'email');
    }
    await startSession(c, result.member.id);
    return c.json({ user: result.member }, 201);
  });

  app.post(relative(MEMBER_ROUTES.login), async (c) => {
    const body = await readBody(c, loginRequestSchema);
    if (body instanceof Response) return body;
    const problem = loginProblem(body);
    if (problem) return fieldError(c, problem.field, problem.message);
    const client = clientKey(c);
    const wait = await throttle.retryAfterSeconds(body.username, client, now());
    if (wait > 0) {
      c.header('Retry-After', String(wait));
      return c.json({ error: { code: 'TOO_MANY_ATTEMPTS', message: tooManyAttemptsText(wait) } }, 429);
    }
    const member = await checkCredentials(db, body);
    if (!member) {
      await throttle.recordFailure(body.username, client, now());
      return memberError(c, 401, 'INVALID_CREDENTIALS');
    }
    await throttle.recordSuccess(body.username, client);
    await startSession(c, member.id);
    return c.json({ user: member }, 200);
  });

  app.post(relative(MEMBER_ROUTES.logout), async (c) => {
    const id = readSessionCookie(c);
    if (id) await endSession(db, id);
    clearSessionCookie(c, policy);
    return c.body(null, 204);
  });

  app.get(relative(MEMBER_ROUTES.me), requireMember, async (c) => {
    const memberId = c.get('memberId');
    const user = await findMember(db, memberId);
    if (!user) return memberError(c, 401, 'UNAUTHENTICATED');
    return c.json({ user, profile: await readProfile(db, memberId) });
  });

  app.put(relative(MEMBER_ROUTES.profile), requireMember, async (c) => {
    const body = await readBody(c, memberProfileWriteSchema);
    if (body instanceof Response) return body;
    // A time far ahead of this clock is taken as now: otherwise no later edit could ever win over it.
    const t = now();
    if (body.updatedAt > t + PROFILE_UPDATED_AT_MAX_AHEAD_MS) body.updatedAt = t;
    const picture = pictureProblem(body.profilePicture);
    if (picture === 'tooLarge') return memberError(c, 413, 'PICTURE_TOO_LARGE');
    if (picture === 'notAnImage') {
      return c.json({ error: { code: 'INVALID_PICTURE', message: invalidPictureText } }, 400);
    }
    const profile = await writeProfile(db, c.get('memberId'), body);
    // The member's other open devices fetch the profile again; a failed publish never fails the save.
    await deps.bus?.publish({ kind: 'profileChanged', memberId: c.get('memberId') }).catch(() => undefined);
    return c.json({ profile });
  });

  app.get(relative(MEMBER_ROUTES.exportData), requireMember, async (c) => {
    const memberId = c.get('memberId');
    const user = await findMember(db, memberId);
    if (!user) return memberError(c, 401, 'UNAUTHENTICATED');
    return c.json({
      user,
      profile: await readProfile(db, memberId),
      ...(await socialExport(db, memberId)),
      exportedAt: new Date(now()).toISOString(),
    });
  });

  app.delete(relative(MEMBER_ROUTES.me), requireMember, async (c) => {
    const body = await readBody(c, deleteAccountRequestSchema);
    if (body instanceof Response) return body;
    if (!(await deleteAccount(db, c.get('memberId'), body.password))) return memberError(c, 403, 'WRONG_PASSWORD');
    clearSessionCookie(c, policy);
    return c.body(null, 204);
  });

  return app;
}
