import { Hono } from 'hono';
import type { z } from 'zod';
import { CHAT_ROUTES, type conversationsResponseSchema } from '../../src/domain/liveContract';
import type { ServerConfig } from '../config';
import { underApiBase } from '../lib/apiBase';
import { refuse } from '../lib/errors';
import { requireMember, type MemberEnv } from '../members/requireMember';
import { cookiePolicy } from '../members/sessionCookie';
import { chatHistory, historyRefusal, isMessageId, listConversations } from '../live/messages';
import type { MemberRoutesDeps } from './members';
import { isProblem } from '../social/errors';
import { readMute, writeMute } from '../social/mutes';

// Chat between friends over HTTP: the conversation list, history a page at a time, and muting a chat.
// Sending and read marks go over the live socket (server/live/chat.ts). The wire contract, with every text a person can
// see, is src/domain/liveContract.ts. Every route needs a session.

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
    if (before !== undefined && !isMessageId(before)) return refuse(c, { status: 400, code: 'INVALID_REQUEST' });
    const refusal = await historyRefusal(db, me, friendId);
    if (refusal) return refuse(c, refusal);
    return c.json(await chatHistory(db, me, friendId, before));
  });

  app.get('/chats/:friendId/mute', async (c) => {
    const state = await readMute(db, c.get('memberId'), c.req.param('friendId'));
    return isProblem(state) ? refuse(c, state) : c.json(state);
  });

  // Mute (PUT) and unmute (DELETE) take no body; the member's other tabs and devices hear of it at once.
  for (const [method, muted] of [['put', true], ['delete', false]] as const) {
    app[method]('/chats/:friendId/mute', async (c) => {
      const me = c.get('memberId');
      const outcome = await writeMute(db, me, c.req.param('friendId'), muted, new Date(now()));
      if (isProblem(outcome)) return refuse(c, outcome);
      await deps.bus?.publish({ kind: 'muteChanged', memberId: me, friendId: outcome.friendId, muted }).catch(() => undefined);
      return c.json({ muted: outcome.muted });
    });
  }

  return app;
}
