import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import { CHAT_ROUTES, chatErrorTexts, type conversationsResponseSchema } from '../../src/domain/liveContract';
import type { ServerConfig } from '../config';
import { underApiBase } from '../lib/apiBase';
import { requireMember, type MemberEnv } from '../members/requireMember';
import { cookiePolicy } from '../members/sessionCookie';
import { chatHistory, chatRefusal, isMessageId, listConversations, type ChatProblem } from '../live/messages';
import type { MemberRoutesDeps } from './members';

// Chat between friends over HTTP: the conversation list and history a page at a time. Sending and read
// marks go over the live socket (server/live/chat.ts). The wire contract, with every text a person can
// see, is src/domain/liveContract.ts. Every route needs a session.

/** The one way these routes refuse: `{ error: { code, message } }` with the contract's text. */
function chatError(c: Context, problem: ChatProblem) {
  if (problem.retryAfter !== undefined) c.header('Retry-After', String(problem.retryAfter));
  return c.json({ error: { code: problem.code, message: chatErrorTexts[problem.code] } }, problem.status);
}

const invalidRequest = (c: Context) => chatError(c, { status: 400, code: 'INVALID_REQUEST' });

export function chatRoutes(config: ServerConfig, deps: MemberRoutesDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const app = new Hono<MemberEnv>();
  const gate = requireMember(db, cookiePolicy(config.origin), now);
  app.use(underApiBase(CHAT_ROUTES.conversations), gate);
  app.use(`${underApiBase(CHAT_ROUTES.conversations)}/*`, gate);

  app.get(underApiBase(CHAT_ROUTES.conversations), async (c) =>
    c.json({ conversations: await listConversations(db, c.get('memberId'), now()) } satisfies z.infer<typeof conversationsResponseSchema>),
  );

  app.get('/chats/:friendId/messages', async (c) => {
    const me = c.get('memberId');
    const friendId = c.req.param('friendId');
    const before = c.req.query('before');
    if (before !== undefined && !isMessageId(before)) return invalidRequest(c);
    const refusal = await chatRefusal(db, me, friendId);
    if (refusal) return chatError(c, refusal);
    return c.json(await chatHistory(db, me, friendId, before));
  });

  return app;
}
