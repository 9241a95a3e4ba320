import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import {
  AI_ROUTES,
  bioRequestSchema,
  chatReplyRequestSchema,
  firstResponseRequestSchema,
  hotTakesPromptRequestSchema,
  personaHotTakeRequestSchema,
  similarityRequestSchema,
} from '../../src/domain/aiContract';
import type { ServerConfig } from '../config';
import { underApiBase } from '../lib/apiBase';
import { textOrFallback, type TextFeature } from '../ai/output';
import { AiFailure, type AiProvider } from '../ai/provider';
import { refuse } from '../lib/errors';
import { jsonBodyValidator } from '../lib/validate';
import type { DailyBudget } from '../lib/dailyBudget';
import { silentLogger, type Logger } from '../lib/log';
import { rateLimit, retryAfterSeconds } from '../lib/rateLimit';
import type { AnsweredTurnCounter } from '../social/games';

// POST /api/ai/*: one route per AI feature (docs/product.md). Bodies are validated against the
// shared wire contract; provider failures become 429 AI_RATE_LIMITED or 502 AI_FAILED with no detail.


/** A refused body names only where it went wrong: these routes are called by the app's own code. */
const aiBody = jsonBodyValidator((c, problem) => {
  if (problem.kind === 'notJson') return refuse(c, { status: 400, code: 'INVALID_REQUEST', message: 'The request body must be JSON.' });
  const issue = problem.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
  return refuse(c, { status: 400, code: 'INVALID_REQUEST', message: `The request body is not valid${where}.` });
});

function failure(c: Context, log: Logger, route: string, error: unknown): Response {
  if (error instanceof AiFailure) {
    log.warn('AI call failed', { route, kind: error.kind, detail: error.message });
    if (error.kind === 'rate_limited') {
      return refuse(c, { status: 429, code: 'AI_RATE_LIMITED', message: 'The AI service is busy. Try again shortly.', retryAfter: error.retryAfterSeconds ?? 30 });
    }
  } else {
    log.error('AI call failed unexpectedly', { route, error });
  }
  return refuse(c, { status: 502, code: 'AI_FAILED', message: 'The AI service could not answer.' });
}

/** The whole app's Gemini use for the day is spent: every client waits for midnight UTC. */
function budgetSpent(c: Context, waitMs: number): Response {
  return refuse(c, { status: 429, code: 'AI_RATE_LIMITED', message: 'The AI service is busy. Try again shortly.', retryAfter: retryAfterSeconds(waitMs) });
}

export interface AiRouteOptions {
  provider: AiProvider;
  /** The app's daily Gemini budget (AI_DAILY_LIMIT), shared with Discover's rankings. */
  budget: DailyBudget;
  log?: Logger;
  /** With the members database: counts a reply answered for a member's Hot Takes game (its `gameId`). */
  countTurn?: AnsweredTurnCounter;
}

export function aiRoutes(config: ServerConfig, options: AiRouteOptions) {
  const { provider, budget } = options;
  const log = options.log ?? silentLogger;
  const app = new Hono();
  app.use('/ai/*', rateLimit({ name: 'AI', limit: config.rateLimits.aiPerMinute, windowMs: 60_000, trustProxyHops: config.trustProxyHops }));
  // Only Gemini costs money per call; the local engine is bounded by the per-client limit alone.
  const spend = () => (provider.name === 'gemini' ? budget.take() : 0);

  /** A reply the server answered for a game counts as a turn of it; a failed count never fails the reply. */
  async function countTurn(c: Context, req: unknown) {
    const gameId = typeof req === 'object' && req !== null && 'gameId' in req ? req.gameId : undefined;
    if (typeof gameId !== 'string' || !options.countTurn) return;
    await options.countTurn(c, gameId).catch((error: unknown) => log.error('Counting a game turn failed', { error }));
  }

  function textRoute<S extends z.ZodType>(path: string, schema: S, feature: TextFeature, run: (req: z.infer<S>) => Promise<string>) {
    app.post(underApiBase(path), aiBody(schema), async (c) => {
      const req = c.req.valid('json');
      const wait = spend();
      if (wait > 0) return budgetSpent(c, wait);
      let text: string;
      try {
        text = textOrFallback(feature, await run(req));
      } catch (error) {
        return failure(c, log, feature, error);
      }
      await countTurn(c, req);
      return c.json({ text });
    });
  }

  textRoute(AI_ROUTES.bio, bioRequestSchema, 'bio', (req) => provider.bio(req));
  textRoute(AI_ROUTES.hotTakesPrompt, hotTakesPromptRequestSchema, 'hotTakesPrompt', (req) => provider.hotTakesPrompt(req));
  textRoute(AI_ROUTES.personaHotTake, personaHotTakeRequestSchema, 'personaHotTake', (req) => provider.personaHotTake(req));
  textRoute(AI_ROUTES.chatReply, chatReplyRequestSchema, 'chatReply', (req) => provider.chatReply(req));
  textRoute(AI_ROUTES.firstResponse, firstResponseRequestSchema, 'firstResponse', (req) => provider.firstResponse(req));

  app.post(underApiBase(AI_ROUTES.similarity), aiBody(similarityRequestSchema), async (c) => {
    const req = c.req.valid('json');
    const wait = spend();
    if (wait > 0) return budgetSpent(c, wait);
    try {
      return c.json(await provider.similarity(req));
    } catch (error) {
      return failure(c, log, 'similarity', error);
    }
  });

  return app;
}
