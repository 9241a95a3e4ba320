import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import {
  EMAIL_MAX_LENGTH,
  MEMBER_ROUTES,
  deleteAccountRequestSchema,
  invalidPictureText,
  loginRequestSchema,
  memberProfileWriteSchema,
  PROFILE_UPDATED_AT_MAX_AHEAD_MS,
  signupRequestSchema,
  tooManyAttemptsText,
  type MemberField,
} from '../../src/domain/memberContract';
import type { ServerConfig } from '../config';
import { underApiBase } from '../lib/apiBase';
import type { Database } from '../db/schema';
import type { LiveBus } from '../live/feature';
import { refuse } from '../lib/errors';
import { jsonBody } from '../lib/validate';
import { clientKey } from '../lib/rateLimit';
import {
  deleteAccount,
  findMember,
  findPasswordHolder,
  loginProblem,
  normaliseEmail,
  passwordHolderById,
  signUp,
  signupProblem,
} from '../members/accounts';
import { createAttemptLimits } from '../members/attemptLimits';
import { deviceCookies } from '../members/deviceCookie';
import { createLoginThrottle } from '../members/loginThrottle';
import { passwordGuard } from '../members/passwordGuard';
import { PasswordWorkBusy } from '../members/passwords';
import { pictureProblem, readProfile, writeProfile } from '../members/profiles';
import { requireMember as requireSession, type MemberEnv } from '../members/requireMember';
import { createSession, endSession, publicSessionId } from '../members/sessions';
import { deviceName } from '../members/deviceName';
import { changePassword } from '../members/passwordChange';
import { changePasswordRequestSchema, SECURITY_ROUTES } from '../../src/domain/accountSecurity';
import { validatePassword } from '../../src/domain/validation';
import { clearSessionCookie, cookiePolicy, readSessionCookie, writeSessionCookie } from '../members/sessionCookie';
import { socialExport } from '../social/exportData';
import { suspensionAtLogin } from '../moderation/suspensions';
import { suspendedText } from '../../src/domain/moderation';
import { EMAIL_CHANGE_ROUTES, EMAIL_CHANGES_PER_HOUR, emailChangeRequestSchema, emailChangeTexts } from '../../src/domain/emailChange';
import { messages } from '../../src/domain/messages';
import { validateEmail } from '../../src/domain/validation';
import type { MailQueue } from '../mail/queue';
import { requestEmailChange } from '../members/emailChange';

// The members routes (accounts, sessions, the member's own profile). The wire contract, with every
// text a person can see, is src/domain/memberContract.ts. Passwords are read from the body, handed
// to argon2 and dropped: never logged, never stored in clear, never sent back.

export interface MemberRoutesDeps {
  db: Kysely<Database>;
  now?: () => number;
  /** The live bus, when the live layer runs: routes publish what sockets must hear (ids only). */
  bus?: Pick<LiveBus, 'publish'>;
  /** The mail queue, told when a mail was queued so it goes out at once. */
  mail?: Pick<MailQueue, 'nudge'>;
}



const HOUR = 60 * 60 * 1000;

function tooManyAttempts(c: Context, seconds: number) {
  return refuse(c, { status: 429, code: 'TOO_MANY_ATTEMPTS', message: tooManyAttemptsText(seconds), retryAfter: seconds });
}

/** 503 BUSY: the password queue is full (server/members/passwords.ts); a second later it has moved on. */
function busy(c: Context) {
  return refuse(c, { status: 503, code: 'BUSY', retryAfter: 1 });
}

/** A form field's own problem (signupProblem, loginProblem): the words name the field. */
function fieldError(c: Context, problem: { field: MemberField; message: string }) {
  return refuse(c, { status: 400, code: 'INVALID_INPUT', message: problem.message, field: problem.field });
}

export function memberRoutes(config: ServerConfig, deps: MemberRoutesDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const limits = createAttemptLimits(db);
  const throttle = createLoginThrottle(limits);
  const devices = deviceCookies(db);
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
    const session = await createSession(db, memberId, t, deviceName(c.req.header('User-Agent')));
    writeSessionCookie(c, policy, session.id, session.expiresAt, t);
  }

  const requireMember = requireSession(db, policy, now);

  app.post(underApiBase(MEMBER_ROUTES.signup), jsonBody(signupRequestSchema), async (c) => {
    const body = c.req.valid('json');
    const problem = signupProblem(body);
    if (problem) return fieldError(c, problem);
    // Every well-formed sign-up counts, taken names and emails included: that is what keeps
    // EMAIL_TAKEN from being a free way to test which addresses have accounts.
    const counted = await limits.reserve(
      [{ kind: 'lock', scope: 'signup-client', key: clientKey(c, config.trustProxyHops), limit: config.rateLimits.signupsPerHour, windowMs: HOUR }],
      now(),
    );
    if (!counted.allowed) return tooManyAttempts(c, counted.retryAfterSeconds);
    let result: Awaited<ReturnType<typeof signUp>>;
    try {
      result = await signUp(db, body, now());
    } catch (error) {
      if (!(error instanceof PasswordWorkBusy)) throw error;
      await limits.release(counted.reservation);
      return busy(c);
    }
    if (!result.ok) {
      if (result.reason === 'invalid') return fieldError(c, result.problem);
      return result.reason === 'usernameTaken'
        ? refuse(c, { status: 409, code: 'USERNAME_TAKEN', field: 'username' })
        : refuse(c, { status: 409, code: 'EMAIL_TAKEN', field: 'email' });
    }
    await devices.issue(c, policy, result.member.id);
    await startSession(c, result.member.id);
    return c.json({ user: result.member }, 201);
  });

  const guardedPasswordCheck = passwordGuard({ db, throttle, devices, trustProxyHops: config.trustProxyHops, now });

  app.post(underApiBase(MEMBER_ROUTES.login), jsonBody(loginRequestSchema), async (c) => {
    const body = c.req.valid('json');
    const problem = loginProblem(body);
    if (problem) return fieldError(c, problem);
    const holder = await findPasswordHolder(db, body.username);
    const check = await guardedPasswordCheck(c, body.username, holder, body.password);
    if (check.outcome === 'throttled') return tooManyAttempts(c, check.retryAfterSeconds);
    if (check.outcome === 'busy') return busy(c);
    if (check.outcome === 'wrong' || !holder) return refuse(c, { status: 401, code: 'INVALID_CREDENTIALS' });
    // Told only to someone who knows the password: a suspension is nobody else's business.
    const suspension = await suspensionAtLogin(db, holder.member.id, new Date(now()));
    if (suspension) {
      const suspendedUntil = suspension.until === null ? null : suspension.until.toISOString();
      return c.json({ error: { code: 'ACCOUNT_SUSPENDED', message: suspendedText(suspension.until), suspendedUntil } }, 403);
    }
    await devices.issue(c, policy, holder.member.id);
    await startSession(c, holder.member.id);
    return c.json({ user: holder.member }, 200);
  });

  app.post(underApiBase(MEMBER_ROUTES.logout), async (c) => {
    const id = readSessionCookie(c);
    if (id) await endSession(db, id);
    clearSessionCookie(c, policy);
    return c.body(null, 204);
  });

  app.get(underApiBase(MEMBER_ROUTES.me), requireMember, async (c) => {
    const memberId = c.get('memberId');
    const user = await findMember(db, memberId);
    if (!user) return refuse(c, { status: 401, code: 'UNAUTHENTICATED' });
    return c.json({ user, profile: await readProfile(db, memberId) });
  });

  app.put(underApiBase(MEMBER_ROUTES.profile), requireMember, jsonBody(memberProfileWriteSchema), async (c) => {
    const body = c.req.valid('json');
    // A time far ahead of this clock is taken as now: otherwise no later edit could ever win over it.
    const t = now();
    if (body.updatedAt > t + PROFILE_UPDATED_AT_MAX_AHEAD_MS) body.updatedAt = t;
    const picture = pictureProblem(body.profilePicture);
    if (picture === 'tooLarge') return refuse(c, { status: 413, code: 'PICTURE_TOO_LARGE' });
    if (picture === 'notAnImage') {
      return refuse(c, { status: 400, code: 'INVALID_PICTURE', message: invalidPictureText });
    }
    const profile = await writeProfile(db, c.get('memberId'), body);
    // The member's other open devices fetch the profile again; a failed publish never fails the save.
    await deps.bus?.publish({ kind: 'profileChanged', memberId: c.get('memberId') }).catch(() => undefined);
    return c.json({ profile });
  });

  app.get(underApiBase(MEMBER_ROUTES.exportData), requireMember, async (c) => {
    const memberId = c.get('memberId');
    const user = await findMember(db, memberId);
    if (!user) return refuse(c, { status: 401, code: 'UNAUTHENTICATED' });
    return c.json({
      user,
      profile: await readProfile(db, memberId),
      ...(await socialExport(db, memberId)),
      exportedAt: new Date(now()).toISOString(),
    });
  });

  app.put(underApiBase(SECURITY_ROUTES.password), requireMember, jsonBody(changePasswordRequestSchema), async (c) => {
    const body = c.req.valid('json');
    const problem = validatePassword(body.newPassword);
    if (problem) return refuse(c, { status: 400, code: 'INVALID_INPUT', message: problem, field: 'password' });
    const holder = await passwordHolderById(db, c.get('memberId'));
    if (!holder) return refuse(c, { status: 401, code: 'UNAUTHENTICATED' });
    // The log-in guard: a stolen session must not become a free way to try passwords.
    const check = await guardedPasswordCheck(c, holder.member.username, holder, body.currentPassword);
    if (check.outcome === 'throttled') return tooManyAttempts(c, check.retryAfterSeconds);
    if (check.outcome === 'busy') return busy(c);
    if (check.outcome === 'wrong') return refuse(c, { status: 403, code: 'WRONG_PASSWORD' });
    try {
      await changePassword(db, holder.member.id, c.get('sessionHash'), body.newPassword, config.origin, now);
    } catch (error) {
      if (!(error instanceof PasswordWorkBusy)) throw error;
      return busy(c);
    }
    deps.mail?.nudge();
    // The other devices' sockets close at once, on whichever server holds them; this one's stays open.
    await deps.bus?.publish({ kind: 'sessionsEnded', memberId: holder.member.id, keep: publicSessionId(c.get('sessionHash')) }).catch(() => undefined);
    return c.body(null, 204);
  });

  app.delete(underApiBase(MEMBER_ROUTES.me), requireMember, jsonBody(deleteAccountRequestSchema), async (c) => {
    const body = c.req.valid('json');
    const holder = await passwordHolderById(db, c.get('memberId'));
    if (!holder) return refuse(c, { status: 401, code: 'UNAUTHENTICATED' });
    // The same guard as log-in: a stolen session must not become a free way to try passwords.
    const check = await guardedPasswordCheck(c, holder.member.username, holder, body.password);
    if (check.outcome === 'throttled') return tooManyAttempts(c, check.retryAfterSeconds);
    if (check.outcome === 'busy') return busy(c);
    if (check.outcome === 'wrong') return refuse(c, { status: 403, code: 'WRONG_PASSWORD' });
    await deleteAccount(db, holder.member.id);
    await throttle.forgetName(holder.member.username);
    devices.clear(c, policy);
    clearSessionCookie(c, policy);
    return c.body(null, 204);
  });

  // 'Change email': the password first (under the log-in throttle), then at most EMAIL_CHANGES_PER_HOUR asks
  // per member, counted in the database; the link goes to the new address, which changes only once it is opened.
  app.post(underApiBase(EMAIL_CHANGE_ROUTES.request), requireMember, jsonBody(emailChangeRequestSchema), async (c) => {
    const body = c.req.valid('json');
    const problem = validateEmail(body.email.trim()) ?? (normaliseEmail(body.email).length > EMAIL_MAX_LENGTH ? messages.validation.emailInvalid : undefined);
    if (problem) return fieldError(c, { field: 'email', message: problem });
    const holder = await passwordHolderById(db, c.get('memberId'));
    if (!holder) return refuse(c, { status: 401, code: 'UNAUTHENTICATED' });
    const check = await guardedPasswordCheck(c, holder.member.username, holder, body.password);
    if (check.outcome === 'throttled') return tooManyAttempts(c, check.retryAfterSeconds);
    if (check.outcome === 'busy') return busy(c);
    if (check.outcome === 'wrong') return refuse(c, { status: 403, code: 'WRONG_PASSWORD', field: 'password' });
    const counted = await limits.reserve(
      [{ kind: 'lock', scope: 'email-change-member', key: holder.member.id, limit: EMAIL_CHANGES_PER_HOUR, windowMs: HOUR }],
      now(),
    );
    if (!counted.allowed) return tooManyAttempts(c, counted.retryAfterSeconds);
    const asked = await requestEmailChange(db, holder.member.id, body.email, config.origin, now());
    if (asked.outcome === 'gone') return refuse(c, { status: 401, code: 'UNAUTHENTICATED' });
    if (asked.outcome === 'same') return fieldError(c, { field: 'email', message: emailChangeTexts.sameEmail });
    if (asked.outcome === 'taken') return refuse(c, { status: 409, code: 'EMAIL_TAKEN', field: 'email' });
    deps.mail?.nudge();
    return c.json({ email: asked.email }, 202);
  });

  return app;
}
