import { Hono } from 'hono';
import type { z } from 'zod';
import {
  SOCIAL_ROUTES,
  blockCreateSchema,
  type blockResponseSchema,
  friendRequestCreateSchema,
  gameResultCreateSchema,
  gameSessionCreateSchema,
  type gameSessionResponseSchema,
  leaderboardQuerySchema,
  reportCreateSchema,
} from '../../src/domain/socialContract';
import type { ServerConfig } from '../config';
import { underApiBase } from '../lib/apiBase';
import { check } from '../lib/validate';
import { requireMember, type MemberEnv } from '../members/requireMember';
import { cookiePolicy } from '../members/sessionCookie';
import type { BusEvent } from '../live/feature';
import type { MemberRoutesDeps } from './members';
import { blockMember, endDebatesOnBlock, listBlocked, unblockMember } from '../social/blocks';
import { isProblem, problem, socialBody } from '../social/errors';
import { refuse } from '../lib/errors';
import { acceptFriendRequest, createFriendRequest, dropFriendRequest, listFriendRequestsWithMatch } from '../social/friendRequests';
import type { AiProvider } from '../ai/provider';
import { knownPairScores } from '../discover/scoring';
import { listFriends, removeFriend } from '../social/friends';
import { fileReport } from '../social/reports';
import { scoreHotTakesGame, startHotTakesGame } from '../social/games';
import { leaderboard, memberStats } from '../social/stats';

// Friend requests, friends, blocks, reports, a member's stats and the leaderboard. The wire contract,
// with every text a person can see, is src/domain/socialContract.ts. Every route needs a session.


export interface SocialRoutesDeps extends MemberRoutesDeps {
  /** The app's similarity engine: a request's match is the score Discover keeps for that engine. */
  ai: Pick<AiProvider, 'name'>;
}

export function socialRoutes(config: ServerConfig, deps: SocialRoutesDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const at = () => new Date(now());
  const app = new Hono<MemberEnv>();
  const gate = requireMember(db, cookiePolicy(config.origin), now);
  /** Live sockets hear of it when the live layer runs; a failed publish never fails the request. */
  const publish = async (event: BusEvent) => {
    await deps.bus?.publish(event).catch(() => undefined);
  };
  /** New friends see each other's presence at once. */
  const newFriends = async (one: string, other: string) => {
    await publish({ kind: 'presence', memberId: one });
    await publish({ kind: 'presence', memberId: other });
  };
  /** Former friends stop seeing each other online at once. */
  const formerFriends = (one: string, other: string) => publish({ kind: 'friendshipEnded', members: [one, other] });
  /** Both people's open lists (requests, friends, Discover's cards, tab counts) fetch again. */
  const peopleChanged = (one: string, other: string) => publish({ kind: 'peopleChanged', members: [one, other] });
  for (const path of ['/friends', '/friends/*', '/blocks', '/blocks/*', '/reports', '/me/stats', '/games/results', '/games/sessions', '/leaderboard']) app.use(path, gate);

  app.post(underApiBase(SOCIAL_ROUTES.friendRequests), socialBody(friendRequestCreateSchema), async (c) => {
    const body = c.req.valid('json');
    const outcome = await createFriendRequest(db, c.get('memberId'), body.toUserId, at());
    if (isProblem(outcome)) return refuse(c, outcome);
    // After the commit: the recipient's sockets hear of it (or, when it made a friendship, both see
    // each other's presence). The request stands even if this fails.
    const { from, to } = outcome.request;
    if (outcome.status === 201) await publish({ kind: 'friendRequest', from: from.id, to: to.id });
    else {
      await newFriends(from.id, to.id);
      await peopleChanged(from.id, to.id);
    }
    return c.json({ request: outcome.request }, outcome.status);
  });

  // Each request shows the match Discover shows for that person: one score per pair, from the same engine.
  const engine = deps.ai.name;
  app.get(underApiBase(SOCIAL_ROUTES.friendRequests), async (c) =>
    c.json(await listFriendRequestsWithMatch(db, c.get('memberId'), (viewerId, ids) => knownPairScores(db, engine, viewerId, ids))),
  );

  app.post(`${underApiBase(SOCIAL_ROUTES.friendRequests)}/:id/accept`, async (c) => {
    const outcome = await acceptFriendRequest(db, c.get('memberId'), c.req.param('id'), at());
    if (isProblem(outcome)) return refuse(c, outcome);
    await newFriends(c.get('memberId'), outcome.id);
    await peopleChanged(c.get('memberId'), outcome.id);
    return c.json({ friend: outcome });
  });

  app.post(`${underApiBase(SOCIAL_ROUTES.friendRequests)}/:id/decline`, async (c) => {
    const outcome = await dropFriendRequest(db, c.get('memberId'), c.req.param('id'), 'decline');
    if (isProblem(outcome)) return refuse(c, outcome);
    await peopleChanged(outcome.from, outcome.to);
    return c.body(null, 204);
  });

  app.delete(`${underApiBase(SOCIAL_ROUTES.friendRequests)}/:id`, async (c) => {
    const outcome = await dropFriendRequest(db, c.get('memberId'), c.req.param('id'), 'cancel');
    if (isProblem(outcome)) return refuse(c, outcome);
    await peopleChanged(outcome.from, outcome.to);
    return c.body(null, 204);
  });

  app.get(underApiBase(SOCIAL_ROUTES.friends), async (c) => c.json({ friends: await listFriends(db, c.get('memberId')) }));

  app.delete(`${underApiBase(SOCIAL_ROUTES.friends)}/:userId`, async (c) => {
    const outcome = await removeFriend(db, c.get('memberId'), c.req.param('userId'));
    if (isProblem(outcome)) return refuse(c, outcome);
    if (outcome.ended) {
      await formerFriends(c.get('memberId'), c.req.param('userId').toLowerCase());
      await peopleChanged(c.get('memberId'), c.req.param('userId').toLowerCase());
    }
    return c.body(null, 204);
  });

  app.post(underApiBase(SOCIAL_ROUTES.blocks), socialBody(blockCreateSchema), async (c) => {
    const body = c.req.valid('json');
    const outcome = await blockMember(db, c.get('memberId'), body.userId, at());
    if (isProblem(outcome)) return refuse(c, outcome);
    // A live debate between them ends at once for both, on whichever servers hold their sockets.
    for (const debateId of await endDebatesOnBlock(db, c.get('memberId'), outcome.block.id, at())) await publish({ kind: 'debate', debateId });
    if (outcome.endedFriendship) await formerFriends(c.get('memberId'), outcome.block.id);
    // A block also ends the pair's requests and hides each from the other's Discover.
    await peopleChanged(c.get('memberId'), outcome.block.id);
    return c.json({ block: outcome.block } satisfies z.infer<typeof blockResponseSchema>, 201);
  });

  app.get(underApiBase(SOCIAL_ROUTES.blocks), async (c) => c.json({ blocked: await listBlocked(db, c.get('memberId')) }));

  app.delete(`${underApiBase(SOCIAL_ROUTES.blocks)}/:userId`, async (c) => {
    const refusal = await unblockMember(db, c.get('memberId'), c.req.param('userId'));
    if (refusal) return refuse(c, refusal);
    // Each may find the other in Discover again.
    await peopleChanged(c.get('memberId'), c.req.param('userId').toLowerCase());
    return c.body(null, 204);
  });

  app.post(underApiBase(SOCIAL_ROUTES.reports), socialBody(reportCreateSchema), async (c) => {
    const body = c.req.valid('json');
    const outcome = await fileReport(db, c.get('memberId'), body, at());
    return isProblem(outcome) ? refuse(c, outcome) : c.json(outcome, 201);
  });

  app.get(underApiBase(SOCIAL_ROUTES.stats), async (c) => c.json({ stats: await memberStats(db, c.get('memberId')) }));

  app.post(underApiBase(SOCIAL_ROUTES.gameSessions), socialBody(gameSessionCreateSchema), async (c) => {
    const outcome = await startHotTakesGame(db, c.get('memberId'), at());
    return isProblem(outcome) ? refuse(c, outcome) : c.json(outcome satisfies z.infer<typeof gameSessionResponseSchema>, 201);
  });

  app.post(underApiBase(SOCIAL_ROUTES.gameResults), socialBody(gameResultCreateSchema), async (c) => {
    const body = c.req.valid('json');
    const outcome = await scoreHotTakesGame(db, c.get('memberId'), body.gameId, at());
    return isProblem(outcome) ? refuse(c, outcome) : c.json({ stats: outcome }, 201);
  });

  app.get(underApiBase(SOCIAL_ROUTES.leaderboard), async (c) => {
    const query = check(leaderboardQuerySchema, c.req.query());
    if (!query.ok) return refuse(c, problem(400, 'INVALID_REQUEST'));
    return c.json({ entries: await leaderboard(db, c.get('memberId'), query.data.tab, query.data.community) });
  });

  return app;
}
