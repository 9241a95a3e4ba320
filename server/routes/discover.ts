import { Hono } from 'hono';
import {
  SOCIAL_ROUTES,
  discoverQuerySchema,
  memberSettingsUpdateSchema,
} from '../../src/domain/socialContract';
import type { ServerConfig } from '../config';
import { underApiBase } from '../lib/apiBase';
import type { AiProvider } from '../ai/provider';
import { cookiePolicy } from '../members/sessionCookie';
import { requireMember as requireSession, type MemberEnv } from '../members/requireMember';
import type { MemberRoutesDeps } from './members';
import { decodeCursor, servePage } from '../discover/discover';
import { pageCache, readDiscoverGeneration } from '../discover/pageCache';
import { searchNeedle } from '../../src/domain/discoverRules';
import { memberView } from '../discover/memberView';
import { readSettings, writeSettings } from '../discover/settings';
import { readPrivacySafety, writePrivacySafety } from '../social/privacySafety';
import { PRIVACY_SAFETY_ROUTE, privacySafetyUpdateSchema } from '../../src/domain/privacySafety';
import { problem, socialBody } from '../social/errors';
import { refuse } from '../lib/errors';
import type { DailyBudget } from '../lib/dailyBudget';
import { silentLogger, type Logger } from '../lib/log';

// Discovery for members (GET /api/discover), someone's profile as the viewer may see it
// (GET /api/members/:id) and the member's privacy settings and communities (GET and PUT
// /api/me/settings). Every route needs a session. Wire shapes: src/domain/socialContract.ts.

export interface DiscoverRoutesDeps extends MemberRoutesDeps {
  /** The app's similarity engine (Gemini with a key, else the local engine). */
  ai: AiProvider;
  log?: Logger;
  /** The app's daily Gemini budget (AI_DAILY_LIMIT), shared with the /api/ai routes. */
  budget: DailyBudget;
}


/** Up to 16 MB of served pages (a page of 50 cards is some tens of thousands of characters): a few hundred members' views. */
const PAGE_CACHE_CHARACTERS = 8_000_000;
const JSON_TYPE = { 'content-type': 'application/json' };

export function discoverRoutes(config: ServerConfig, deps: DiscoverRoutesDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;
  const { ai, budget } = deps;
  const requireMember = requireSession(db, cookiePolicy(config.origin), now);
  const discoverDeps = { db, ai, log: deps.log ?? silentLogger, budget, samplePeople: config.samplePeople };
  const pages = pageCache(PAGE_CACHE_CHARACTERS);
  const app = new Hono<MemberEnv>();

  app.get(underApiBase(SOCIAL_ROUTES.discover), requireMember, async (c) => {
    const query = discoverQuerySchema.safeParse(c.req.query());
    const offset = query.success ? decodeCursor(query.data.cursor) : undefined;
    if (!query.success || offset === undefined) return refuse(c, problem(400, 'INVALID_REQUEST'));
    const memberId = c.get('memberId');
    const { community, q } = query.data;
    const key = `${memberId}|${community ?? ''}|${searchNeedle(q ?? '')}|${offset}`;
    // Read before the page is built: a write committed meanwhile moves it past what this page is kept under.
    const generation = await readDiscoverGeneration(db);
    const served = pages.read(key, generation, now());
    if (served !== undefined) return c.body(served, 200, JSON_TYPE);
    const built = await servePage(discoverDeps, memberId, { community, q, offset });
    if (!built) return refuse(c, { status: 401, code: 'UNAUTHENTICATED' });
    const body = JSON.stringify(built.page);
    if (built.keepsForMs !== undefined && built.keepsForMs > 0) pages.keep(key, { generation, body, until: now() + built.keepsForMs });
    return c.body(body, 200, JSON_TYPE);
  });

  // SOCIAL_ROUTES.member(id) builds this path for one id.
  app.get('/members/:id', requireMember, async (c) => {
    const view = await memberView(db, c.get('memberId'), c.req.param('id') ?? '');
    return view ? c.json(view) : refuse(c, problem(404, 'NOT_FOUND'));
  });

  app.get(underApiBase(SOCIAL_ROUTES.settings), requireMember, async (c) => c.json(await readSettings(db, c.get('memberId'))));

  app.put(underApiBase(SOCIAL_ROUTES.settings), requireMember, socialBody(memberSettingsUpdateSchema), async (c) => {
    const update = c.req.valid('json');
    const settings = await writeSettings(db, c.get('memberId'), update);
    if (update.showOnlineStatus !== undefined) {
      await deps.bus?.publish({ kind: 'presence', memberId: c.get('memberId'), statusChanged: true }).catch(() => undefined);
    }
    return c.json(settings);
  });

  // 'Privacy and safety': read where each is enforced (friend requests, read receipts, typing), so a change holds at once on every server.
  app.get(underApiBase(PRIVACY_SAFETY_ROUTE), requireMember, async (c) => c.json(await readPrivacySafety(db, c.get('memberId'))));

  app.put(underApiBase(PRIVACY_SAFETY_ROUTE), requireMember, socialBody(privacySafetyUpdateSchema), async (c) => {
    // Others' cards show a new 'Who can send you friend requests' when they next fetch; a request is checked when it is made.
    return c.json(await writePrivacySafety(db, c.get('memberId'), c.req.valid('json')));
  });

  return app;
}
