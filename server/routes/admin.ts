import { Hono, type Context, type MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import {
  ADMIN_ROUTES,
  adminIdSchema,
  type adminReportsResponseSchema,
  moderationReasonBodySchema,
  type moderationActionResponseSchema,
  type moderationLogResponseSchema,
  suspendBodySchema,
} from '../../src/domain/adminContract';
import { underApiBase } from '../lib/apiBase';
import { noSuchRoute, refuse } from '../lib/errors';
import { check } from '../lib/validate';
import { createAttemptLimits } from '../members/attemptLimits';
import { createLoginThrottle } from '../members/loginThrottle';
import { readSessionCookie } from '../members/sessionCookie';
import { dismissReport, deleteMember, isAdminProblem, liftSuspension, suspendMember, type AdminProblem, type Done } from '../moderation/actions';
import { operatorOfSession, type OperatorIdentity } from '../moderation/operators';
import { listModerationLog, listOpenReportsForConsole } from '../moderation/queue';
import { membersLinkedTo } from '../moderation/suspensions';
import { endDebatesOnSuspension } from '../social/blocks';
import { problem, socialBody } from '../social/errors';
import type { MemberRoutesDeps } from './members';

// The operators' console (/api/admin/...). The gate runs before anything else: to anyone who is not
// an operator (signed out, a plain member, an ended session) every path here answers exactly what an
// unknown /api path answers, before any body is read. Operators' actions are counted per operator
// in the database (server/moderation/actions.ts); cross-site writes are refused for all of /api by
// the app's same-origin guard.

type AdminEnv = { Variables: { operator: OperatorIdentity } };

export function adminRoutes(deps: MemberRoutesDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const at = () => new Date(now());
  const throttle = createLoginThrottle(createAttemptLimits(db));
  const app = new Hono<AdminEnv>();

  const gate: MiddlewareHandler<AdminEnv> = async (c: Context<AdminEnv>, next) => {
    const sessionId = readSessionCookie(c);
    const operator = sessionId ? await operatorOfSession(db, sessionId, at()) : undefined;
    if (!operator) return noSuchRoute(c);
    c.set('operator', operator);
    await next();
  };
  app.use('/admin/*', gate);

  /** Ids in the path: a length or control character beyond any uuid is refused as a bad request. */
  const pathId = (c: Context<AdminEnv>): string | undefined => {
    const parsed = check(adminIdSchema, c.req.param('id'));
    return parsed.ok ? parsed.data : undefined;
  };

  const answer = async (c: Context<AdminEnv>, outcome: Done | AdminProblem) => {
    if (isAdminProblem(outcome)) return refuse(c, outcome);
    if (outcome.endedSessionsOf !== undefined) {
      // Every server closes the member's open sockets at once; the action stands even if this fails.
      await deps.bus?.publish({ kind: 'sessionsEnded', memberId: outcome.endedSessionsOf }).catch(() => undefined);
    }
    if (outcome.deletedUsername !== undefined) await throttle.forgetName(outcome.deletedUsername);
    return c.json({ entry: outcome.entry } satisfies z.infer<typeof moderationActionResponseSchema>);
  };

  /** Friends and people with a pending request either way fetch their lists again: the member leaves them, or is back. */
  const linkedListsChanged = async (memberId: string) => {
    for (const other of await membersLinkedTo(db, memberId)) {
      await deps.bus?.publish({ kind: 'peopleChanged', members: [memberId, other] }).catch(() => undefined);
    }
  };

  app.get(underApiBase(ADMIN_ROUTES.reports), async (c) =>
    c.json({ reports: await listOpenReportsForConsole(db), now: at().toISOString() } satisfies z.infer<typeof adminReportsResponseSchema>),
  );

  app.get(underApiBase(ADMIN_ROUTES.log), async (c) => c.json({ entries: await listModerationLog(db) } satisfies z.infer<typeof moderationLogResponseSchema>));

  app.post('/admin/reports/:id/dismiss', socialBody(moderationReasonBodySchema), async (c) => {
    const id = pathId(c);
    if (id === undefined) return refuse(c, problem(400, 'INVALID_REQUEST'));
    return answer(c, await dismissReport(db, c.get('operator'), id, c.req.valid('json').reason, at()));
  });

  app.post('/admin/members/:id/suspend', socialBody(suspendBodySchema), async (c) => {
    const id = pathId(c);
    if (id === undefined) return refuse(c, problem(400, 'INVALID_REQUEST'));
    const body = c.req.valid('json');
    const outcome = await suspendMember(db, c.get('operator'), id, body.length, body.reason, at());
    if (!isAdminProblem(outcome)) {
      // As a block does: a live debate with them ends at once for the other member, on whichever server.
      for (const debateId of await endDebatesOnSuspension(db, id.toLowerCase(), at())) {
        await deps.bus?.publish({ kind: 'debate', debateId }).catch(() => undefined);
      }
      await linkedListsChanged(id.toLowerCase());
    }
    return answer(c, outcome);
  });

  app.post('/admin/members/:id/lift', socialBody(moderationReasonBodySchema), async (c) => {
    const id = pathId(c);
    if (id === undefined) return refuse(c, problem(400, 'INVALID_REQUEST'));
    const outcome = await liftSuspension(db, c.get('operator'), id, c.req.valid('json').reason, at());
    if (!isAdminProblem(outcome)) await linkedListsChanged(id.toLowerCase());
    return answer(c, outcome);
  });

  app.post('/admin/members/:id/delete', socialBody(moderationReasonBodySchema), async (c) => {
    const id = pathId(c);
    if (id === undefined) return refuse(c, problem(400, 'INVALID_REQUEST'));
    return answer(c, await deleteMember(db, c.get('operator'), id, c.req.valid('json').reason, at()));
  });

  return app;
}
