import { Hono, type Context } from 'hono';
import { deviceIdSchema, SECURITY_ROUTES } from '../../src/domain/accountSecurity';
import { tooManyAttemptsText } from '../../src/domain/memberContract';
import type { ServerConfig } from '../config';
import { underApiBase } from '../lib/apiBase';
import { refuse } from '../lib/errors';
import { createAttemptLimits } from '../members/attemptLimits';
import { endDevice, endOtherDevices, listDevices } from '../members/devices';
import { requireMember as requireSession, type MemberEnv } from '../members/requireMember';
import { cookiePolicy } from '../members/sessionCookie';
import { publicSessionId } from '../members/sessions';
import type { MemberRoutesDeps } from './members';

// Settings' 'Signed-in devices': a member lists their own sessions and signs any other one out, or all of
// them. Sessions are named by public id only (the session id is a bearer secret); an id that is not one of
// the caller's own live sessions is 404, whoever's it is. An ended session's sockets close at once on every
// server (the bus), and its next request is 401.

const HOUR = 60 * 60 * 1000;
/** Lists and sign-outs one member may make per hour, counted in the database. */
export const DEVICE_REQUESTS_PER_HOUR = 300;

export function deviceRoutes(config: ServerConfig, deps: MemberRoutesDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const limits = createAttemptLimits(db);
  const app = new Hono<MemberEnv>();
  const requireMember = requireSession(db, cookiePolicy(config.origin), now);

  /** Counts one request of the member; a refusal to send, or undefined when it may go on. */
  async function counted(c: Context<MemberEnv>) {
    const result = await limits.reserve(
      [{ kind: 'lock', scope: 'devices-member', key: c.get('memberId'), limit: DEVICE_REQUESTS_PER_HOUR, windowMs: HOUR }],
      now(),
    );
    if (result.allowed) return undefined;
    return refuse(c, { status: 429, code: 'TOO_MANY_ATTEMPTS', message: tooManyAttemptsText(result.retryAfterSeconds), retryAfter: result.retryAfterSeconds });
  }

  const devicesPath = underApiBase(SECURITY_ROUTES.devices);

  app.get(devicesPath, requireMember, async (c) => {
    const refused = await counted(c);
    if (refused) return refused;
    const at = now();
    return c.json({ devices: await listDevices(db, c.get('memberId'), c.get('sessionHash'), at), now: new Date(at).toISOString() });
  });

  app.delete(devicesPath, requireMember, async (c) => {
    const refused = await counted(c);
    if (refused) return refused;
    const memberId = c.get('memberId');
    await endOtherDevices(db, memberId, c.get('sessionHash'));
    await deps.bus?.publish({ kind: 'sessionsEnded', memberId, keep: publicSessionId(c.get('sessionHash')) }).catch(() => undefined);
    return c.body(null, 204);
  });

  app.delete(`${devicesPath}/:deviceId`, requireMember, async (c) => {
    const refused = await counted(c);
    if (refused) return refused;
    const memberId = c.get('memberId');
    const parsed = deviceIdSchema.safeParse(c.req.param('deviceId'));
    // Malformed or not the member's own: the same 404, so nobody learns whose sessions exist.
    if (!parsed.success || !(await endDevice(db, memberId, parsed.data, now()))) return refuse(c, { status: 404, code: 'NOT_FOUND' });
    await deps.bus?.publish({ kind: 'sessionEnded', memberId, session: parsed.data }).catch(() => undefined);
    return c.body(null, 204);
  });

  return app;
}
