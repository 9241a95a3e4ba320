import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import {
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_ROUTES,
  chatErrorTexts,
  type conversationsResponseSchema,
  readRequestSchema,
  sendMessageRequestSchema,
  type sendMessageResponseSchema,
} from '../../src/domain/liveContract';
import type { ServerConfig } from '../config';
import { underApiBase } from '../lib/apiBase';
import { check, checkJsonBody } from '../lib/validate';
import { requireMember, type MemberEnv } from '../members/requireMember';
import { cookiePolicy } from '../members/sessionCookie';
import { announceMessage, readUpTo } from '../live/chatActions';
import { chatHistory, chatRefusal, isChatProblem, isMessageId, listConversations, storeMessage, type ChatProblem } from '../live/messages';
import type { MemberRoutesDeps } from './members';

// Chat between friends over HTTP: the conversation list, history a page at a time, sending (the same
// as the socket's 'send', for clients without a socket) and read marks. The wire contract, with every
// text a person can see, is src/domain/liveContract.ts. Every route needs a session.


/** The one way these routes refuse: `{ error: { code, message } }` with the contract's text. */
function chatError(c: Context, problem: ChatProblem) {
  if (problem.retryAfter !== undefined) c.header('Retry-After', String(problem.retryAfter));
  return c.json({ error: { code: problem.code, message: chatErrorTexts[problem.code] } }, problem.status);
}

const invalidRequest = (c: Context) => chatError(c, { status: 400, code: 'INVALID_REQUEST' });

/** Why a send's body was refused: the text's own problems get their own words. */
function sendBodyProblem(body: unknown): ChatProblem {
  const text = typeof body === 'object' && body !== null && 'text' in body ? body.text : undefined;
  if (typeof text === 'string' && text.trim() === '') return { status: 400, code: 'MESSAGE_EMPTY' };
  if (typeof text === 'string' && text.trim().length > CHAT_MESSAGE_MAX_LENGTH) return { status: 400, code: 'MESSAGE_TOO_LONG' };
  return { status: 400, code: 'INVALID_REQUEST' };
}

export function chatRoutes(config: ServerConfig, deps: MemberRoutesDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  // With the live layer running (deps.bus), what is written here reaches open sockets too.
  const actions = { db, bus: deps.bus, now };
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

  app.post('/chats/:friendId/messages', async (c) => {
    const raw: unknown = await c.req.json().catch(() => undefined);
    const body = check(sendMessageRequestSchema, raw);
    if (!body.ok) return chatError(c, sendBodyProblem(raw));
    const stored = await storeMessage(db, c.get('memberId'), { ...body.data, to: c.req.param('friendId') }, new Date(now()));
    if (isChatProblem(stored)) return chatError(c, stored);
    // The message stands even if the bus fails: the friend gets it from history when they next look.
    if (stored.created) await announceMessage(actions, stored.message.id).catch(() => undefined);
    return c.json({ message: stored.message } satisfies z.infer<typeof sendMessageResponseSchema>, stored.created ? 201 : 200);
  });

  app.post('/chats/:friendId/read', async (c) => {
    const body = await checkJsonBody(c, readRequestSchema);
    if (!body.ok) return invalidRequest(c);
    const outcome = await readUpTo(actions, c.get('memberId'), c.req.param('friendId'), body.data.upTo);
    return isChatProblem(outcome) ? chatError(c, outcome) : c.body(null, 204);
  });

  return app;
}
