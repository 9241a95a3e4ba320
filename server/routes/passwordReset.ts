import { Hono, type Context } from 'hono';
import {
  ACCOUNT_RECOVERY_ROUTES,
  accountRecoveryTexts,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  RESET_LINK_INVALID,
} from '../../src/domain/accountRecovery';
import { EMAIL_MAX_LENGTH, tooManyAttemptsText } from '../../src/domain/memberContract';
import { messages } from '../../src/domain/messages';
import { validateEmail, validatePassword } from '../../src/domain/validation';
import type { ServerConfig } from '../config';
import { underApiBase } from '../lib/apiBase';
import { refuse } from '../lib/errors';
import { silentLogger, type Logger } from '../lib/log';
import { clientKey } from '../lib/rateLimit';
import { jsonBody } from '../lib/validate';
import { normaliseEmail } from '../members/accounts';
import { createAttemptLimits } from '../members/attemptLimits';
import { deviceCookies } from '../members/deviceCookie';
import { PasswordWorkBusy } from '../members/passwords';
import { requestPasswordReset, resetPassword } from '../members/passwordReset';
import { createSession, endSession, hashSessionId, publicSessionId } from '../members/sessions';
import { deviceName } from '../members/deviceName';
import { cookiePolicy, readSessionCookie, writeSessionCookie } from '../members/sessionCookie';
import type { MemberRoutesDeps } from './members';

// 'Forgot password?': asking for a reset link, and choosing a new password through one. Asking always
// answers the same words at once (the lookup and the mail happen after the answer), so neither the words
// nor the time tell whether an address has an account. Both routes are counted in the database per client,
// and asking also per address, so a stranger cannot flood someone's inbox.

const HOUR = 60 * 60 * 1000;
/** Reset mails one address may be sent per hour, however many clients ask. */
const RESETS_PER_ADDRESS_PER_HOUR = 3;
/** New-password submissions one client may make per hour (each tries a token). */
const RESET_CONFIRMS_PER_HOUR = 20;

export interface PasswordResetDeps extends MemberRoutesDeps {
  log?: Logger;
}

export function passwordResetRoutes(config: ServerConfig, deps: PasswordResetDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const log = deps.log ?? silentLogger;
  const limits = createAttemptLimits(db);
  const devices = deviceCookies(db);
  const policy = cookiePolicy(config.origin);
  const app = new Hono();

  const tooMany = (c: Context, seconds: number) => refuse(c, { status: 429, code: 'TOO_MANY_ATTEMPTS', message: tooManyAttemptsText(seconds), retryAfter: seconds });

  app.post(underApiBase(ACCOUNT_RECOVERY_ROUTES.requestReset), jsonBody(passwordResetRequestSchema), async (c) => {
    const { email } = c.req.valid('json');
    const problem = validateEmail(email.trim()) ?? (normaliseEmail(email).length > EMAIL_MAX_LENGTH ? messages.validation.emailInvalid : undefined);
    if (problem) return refuse(c, { status: 400, code: 'INVALID_INPUT', message: problem, field: 'email' });
    const counted = await limits.reserve(
      [
        { kind: 'lock', scope: 'reset-client', key: clientKey(c, config.trustProxyHops), limit: config.rateLimits.passwordResetsPerHour, windowMs: HOUR },
        { kind: 'lock', scope: 'reset-address', key: normaliseEmail(email), limit: RESETS_PER_ADDRESS_PER_HOUR, windowMs: HOUR },
      ],
      now(),
    );
    if (!counted.allowed) return tooMany(c, counted.retryAfterSeconds);
    void requestPasswordReset(db, email, config.origin, now()).then(
      (queued) => {
        if (queued) deps.mail?.nudge();
      },
      (error: unknown) => log.error('a password reset could not be stored', { error }),
    );
    return c.json({ message: accountRecoveryTexts.sent }, 202);
  });

  app.post(underApiBase(ACCOUNT_RECOVERY_ROUTES.confirmReset), jsonBody(passwordResetConfirmSchema), async (c) => {
    const { token, password } = c.req.valid('json');
    const problem = validatePassword(password);
    if (problem) return refuse(c, { status: 400, code: 'INVALID_INPUT', message: problem, field: 'password' });
    const counted = await limits.reserve(
      [{ kind: 'lock', scope: 'reset-confirm-client', key: clientKey(c, config.trustProxyHops), limit: RESET_CONFIRMS_PER_HOUR, windowMs: HOUR }],
      now(),
    );
    if (!counted.allowed) return tooMany(c, counted.retryAfterSeconds);
    let member;
    try {
      member = await resetPassword(db, token, password, config.origin, now);
    } catch (error) {
      if (!(error instanceof PasswordWorkBusy)) throw error;
      await limits.release(counted.reservation);
      return refuse(c, { status: 503, code: 'BUSY', retryAfter: 1 });
    }
    if (!member) return refuse(c, { status: 400, code: RESET_LINK_INVALID, message: accountRecoveryTexts.linkInvalid });
    deps.mail?.nudge();
    // Every session ended with the reset; this browser starts a fresh one (a new id: no fixation).
    const previous = readSessionCookie(c);
    if (previous) await endSession(db, previous);
    const t = now();
    const session = await createSession(db, member.id, t, deviceName(c.req.header('User-Agent')));
    writeSessionCookie(c, policy, session.id, session.expiresAt, t);
    await devices.issue(c, policy, member.id);
    // Every server closes the member's open sockets at once (4401), as when an operator ends their sessions:
    // whoever held the old password loses the live connection too. The session just started is spared, so a
    // notice reaching another server late never closes the socket this browser opens next. The reset stands
    // even if this fails.
    await deps.bus?.publish({ kind: 'sessionsEnded', memberId: member.id, keep: publicSessionId(hashSessionId(session.id)) }).catch(() => undefined);
    return c.json({ user: member }, 200);
  });

  return app;
}
