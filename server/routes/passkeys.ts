import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { tooManyAttemptsText } from '../../src/domain/memberContract';
import { suspendedText } from '../../src/domain/moderation';
import {
  addPasskeyRequestSchema,
  PASSKEY_ERROR_CODES,
  PASSKEY_ROUTES,
  passkeySignInRequestSchema,
  passkeyTexts,
  registrationOptionsRequestSchema,
} from '../../src/domain/passkeys';
import type { ServerConfig } from '../config';
import { underApiBase } from '../lib/apiBase';
import { refuse } from '../lib/errors';
import { clientKey } from '../lib/rateLimit';
import { jsonBody } from '../lib/validate';
import { findMember, passwordHolderById } from '../members/accounts';
import { createAttemptLimits } from '../members/attemptLimits';
import { deviceCookies } from '../members/deviceCookie';
import { createLoginThrottle, LOGIN_CLIENT_MAX_FAILURES } from '../members/loginThrottle';
import { addPasskey, listPasskeys, passkeyNameFor, registrationOptions, relyingParty, removePasskey, signInOptions, signInWithPasskey } from '../members/passkeys';
import { passwordGuard } from '../members/passwordGuard';
import { requireMember as requireSession, type MemberEnv } from '../members/requireMember';
import { createSession, endSession } from '../members/sessions';
import { cookiePolicy, readSessionCookie, writeSessionCookie } from '../members/sessionCookie';
import { suspensionAtLogin } from '../moderation/suspensions';
import type { MemberRoutesDeps } from './members';

// Passkeys: adding one (after the password is confirmed under the log-in throttle), listing and removing
// the member's own, and 'Sign in with a passkey', which ends exactly as a password log-in does (a fresh
// session, the device cookie, a suspension refused). Every route is behind the app's same-origin guard
// and body limit; option requests and sign-in answers are counted per client in the database.

const MINUTE = 60_000;
const SIGN_IN_WINDOW_MS = 15 * MINUTE;
const OPTIONS_WINDOW_MS = MINUTE;

export function passkeyRoutes(config: ServerConfig, deps: MemberRoutesDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const rp = relyingParty(config.origin);
  const limits = createAttemptLimits(db);
  const throttle = createLoginThrottle(limits);
  const devices = deviceCookies(db);
  const policy = cookiePolicy(config.origin);
  const guardedPasswordCheck = passwordGuard({ db, throttle, devices, trustProxyHops: config.trustProxyHops, now });
  const requireMember = requireSession(db, policy, now);
  const app = new Hono<MemberEnv>();

  const tooMany = (c: Context, seconds: number) => refuse(c, { status: 429, code: 'TOO_MANY_ATTEMPTS', message: tooManyAttemptsText(seconds), retryAfter: seconds });
  const client = (c: Context) => clientKey(c, config.trustProxyHops);
  const countOptions = (scope: string, key: string) =>
    limits.reserve([{ kind: 'lock', scope, key, limit: config.rateLimits.authPerMinute, windowMs: OPTIONS_WINDOW_MS }], now());

  app.get(underApiBase(PASSKEY_ROUTES.passkeys), requireMember, async (c) => c.json({ passkeys: await listPasskeys(db, c.get('memberId')) }));

  app.post(underApiBase(PASSKEY_ROUTES.registrationOptions), requireMember, jsonBody(registrationOptionsRequestSchema), async (c) => {
    const holder = await passwordHolderById(db, c.get('memberId'));
    if (!holder) return refuse(c, { status: 401, code: 'UNAUTHENTICATED' });
    // The same guard as log-in: a stolen session must not become a free way to try passwords.
    const check = await guardedPasswordCheck(c, holder.member.username, holder, c.req.valid('json').password);
    if (check.outcome === 'throttled') return tooMany(c, check.retryAfterSeconds);
    if (check.outcome === 'busy') return refuse(c, { status: 503, code: 'BUSY', retryAfter: 1 });
    if (check.outcome === 'wrong') return refuse(c, { status: 403, code: 'WRONG_PASSWORD' });
    return c.json({ options: await registrationOptions(db, rp, holder.member, now()) });
  });

  app.post(underApiBase(PASSKEY_ROUTES.passkeys), requireMember, jsonBody(addPasskeyRequestSchema), async (c) => {
    const body = c.req.valid('json');
    const name = body.name?.trim() || passkeyNameFor(c.req.header('User-Agent'), now());
    const added = await addPasskey(db, rp, c.get('memberId'), body.response, name, now);
    if (added.ok) return c.json({ passkey: added.passkey }, 201);
    if (added.reason === 'challenge') return refuse(c, { status: 400, code: PASSKEY_ERROR_CODES.challengeInvalid, message: passkeyTexts.challengeInvalid });
    if (added.reason === 'limit') return refuse(c, { status: 409, code: PASSKEY_ERROR_CODES.limit, message: passkeyTexts.limit });
    return refuse(c, { status: 400, code: PASSKEY_ERROR_CODES.notAdded, message: passkeyTexts.notAdded });
  });

  app.delete(`${underApiBase(PASSKEY_ROUTES.passkeys)}/:id`, requireMember, async (c) => {
    const id = c.req.param('id') ?? '';
    // Not a passkey id at all is the same answer as another member's: nothing here by that id.
    const removed = z.uuid().safeParse(id).success && (await removePasskey(db, c.get('memberId'), id));
    if (!removed) return refuse(c, { status: 404, code: PASSKEY_ERROR_CODES.notFound, message: passkeyTexts.notFound });
    return c.body(null, 204);
  });

  app.post(underApiBase(PASSKEY_ROUTES.signInOptions), async (c) => {
    const counted = await countOptions('passkey-options-client', client(c));
    if (!counted.allowed) return tooMany(c, counted.retryAfterSeconds);
    return c.json({ options: await signInOptions(db, rp, client(c), now()) });
  });

  app.post(underApiBase(PASSKEY_ROUTES.signIn), jsonBody(passkeySignInRequestSchema), async (c) => {
    // Counted before the check, as a password is; a sign-in that works gives the attempt back.
    const counted = await limits.reserve(
      [{ kind: 'lock', scope: 'passkey-signin-client', key: client(c), limit: LOGIN_CLIENT_MAX_FAILURES, windowMs: SIGN_IN_WINDOW_MS }],
      now(),
    );
    if (!counted.allowed) return tooMany(c, counted.retryAfterSeconds);
    const result = await signInWithPasskey(db, rp, c.req.valid('json').response, now);
    if (!result.ok) {
      return result.reason === 'challenge'
        ? refuse(c, { status: 400, code: PASSKEY_ERROR_CODES.challengeInvalid, message: passkeyTexts.challengeInvalid })
        : refuse(c, { status: 401, code: PASSKEY_ERROR_CODES.notRecognised, message: passkeyTexts.notRecognised });
    }
    await limits.release(counted.reservation);
    const member = await findMember(db, result.memberId);
    if (!member) return refuse(c, { status: 401, code: PASSKEY_ERROR_CODES.notRecognised, message: passkeyTexts.notRecognised });
    const suspension = await suspensionAtLogin(db, member.id, new Date(now()));
    if (suspension) {
      const suspendedUntil = suspension.until === null ? null : suspension.until.toISOString();
      return c.json({ error: { code: 'ACCOUNT_SUSPENDED', message: suspendedText(suspension.until), suspendedUntil } }, 403);
    }
    await devices.issue(c, policy, member.id);
    // A fresh session (a new id: no fixation); the one this browser had ends.
    const previous = readSessionCookie(c);
    if (previous) await endSession(db, previous);
    const t = now();
    const session = await createSession(db, member.id, t);
    writeSessionCookie(c, policy, session.id, session.expiresAt, t);
    return c.json({ user: member }, 200);
  });

  return app;
}
