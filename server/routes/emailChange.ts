import { Hono } from 'hono';
import { EMAIL_CHANGE_ROUTES, EMAIL_LINK_INVALID, emailChangeConfirmSchema, emailChangeTexts } from '../../src/domain/emailChange';
import { tooManyAttemptsText } from '../../src/domain/memberContract';
import type { ServerConfig } from '../config';
import { underApiBase } from '../lib/apiBase';
import { refuse } from '../lib/errors';
import { clientKey } from '../lib/rateLimit';
import { jsonBody } from '../lib/validate';
import { createAttemptLimits } from '../members/attemptLimits';
import { confirmEmailChange } from '../members/emailChange';
import type { MemberRoutesDeps } from './members';

// The page a confirmation link opens presses 'Confirm email' here. No session is needed: the link in the
// new mailbox is the proof (the password was asked when the change was). Counted per client in the
// database, as each try guesses a token.

const HOUR = 60 * 60 * 1000;
/** Confirmations one client may try per hour. */
const CONFIRMS_PER_HOUR = 20;

export function emailChangeRoutes(config: ServerConfig, deps: MemberRoutesDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const limits = createAttemptLimits(db);
  const app = new Hono();

  app.post(underApiBase(EMAIL_CHANGE_ROUTES.confirm), jsonBody(emailChangeConfirmSchema), async (c) => {
    const counted = await limits.reserve(
      [{ kind: 'lock', scope: 'email-confirm-client', key: clientKey(c, config.trustProxyHops), limit: CONFIRMS_PER_HOUR, windowMs: HOUR }],
      now(),
    );
    if (!counted.allowed) {
      const seconds = counted.retryAfterSeconds;
      return refuse(c, { status: 429, code: 'TOO_MANY_ATTEMPTS', message: tooManyAttemptsText(seconds), retryAfter: seconds });
    }
    const confirmed = await confirmEmailChange(db, c.req.valid('json').token, config.origin, now());
    if (confirmed.outcome === 'invalid') return refuse(c, { status: 400, code: EMAIL_LINK_INVALID, message: emailChangeTexts.linkInvalid });
    if (confirmed.outcome === 'taken') return refuse(c, { status: 409, code: 'EMAIL_TAKEN', field: 'email' });
    deps.mail?.nudge();
    return c.json({ email: confirmed.email });
  });

  return app;
}
