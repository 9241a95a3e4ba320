import {
  AI_LIMITS,
  AI_ROUTES,
  bioRequestSchema,
  CHAT_CONTEXT_MESSAGES,
  chatReplyRequestSchema,
  firstResponseRequestSchema,
  hotTakesPromptRequestSchema,
  personaHotTakeRequestSchema,
  similarityRequestSchema,
  similarityResponseSchema,
  similarityScoreOrDefault,
  SIMILARITY_DEFAULT_SCORE,
  textResponseSchema,
  type BioRequest,
  type ChatReplyRequest,
  type FirstResponseRequest,
  type Persona,
  type PersonaHotTakeRequest,
  type SimilarityRequest,
} from '../../domain/aiContract';
import { AppError } from '../../domain/errors';
import { breakdownTotal, type MatchBreakdown } from '../../domain/matchBreakdown';
import { friendChatFallback } from '../../domain/friendChat';
import { messages } from '../../domain/messages';
import { HttpError, postJson } from './http';

// The browser's side of the six AI features (docs/product.md). Prompts and the provider key live on
// the server; here each call gets docs/product.md's fallback so a failed AI never breaks a screen.

export { CHAT_CONTEXT_MESSAGES };

// Every field is trimmed to the wire contract's caps rather than letting a long text fail the whole call.
const LIMITS = AI_LIMITS;

function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  // Never leave half of a surrogate pair at the end.
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

function clipList(list: readonly string[], maxItems: number, maxLength: number = LIMITS.item): string[] {
  return list.slice(0, maxItems).map((item) => clip(item, maxLength));
}

function fitPersona(persona: Persona): Persona {
  return {
    username: clip(persona.username, LIMITS.username),
    personality: clip(persona.personality, LIMITS.personality),
    interests: clipList(persona.interests, LIMITS.personaInterests),
  };
}

function fitChatReply(req: ChatReplyRequest): ChatReplyRequest {
  return {
    ...fitPersona(req),
    messages: req.messages.slice(-CHAT_CONTEXT_MESSAGES).map((m) => ({
      sender: clip(m.sender, LIMITS.username),
      text: clip(m.text, LIMITS.message),
    })),
    message: clip(req.message, LIMITS.message),
    ...(req.gameId ? { gameId: req.gameId } : {}),
  };
}

export function fitBioRequest(input: BioRequest): BioRequest {
  const fitted: BioRequest = {
    username: clip(input.username, LIMITS.username),
    hobbies: clip(input.hobbies, LIMITS.hobbies),
    musicGenres: clipList(input.musicGenres, LIMITS.interestItems),
    favoriteGames: clipList(input.favoriteGames, LIMITS.interestItems),
    favoriteShows: clipList(input.favoriteShows, LIMITS.interestItems),
  };
  if (input.spotifyData) {
    fitted.spotifyData = {
      topArtists: clipList(input.spotifyData.topArtists, LIMITS.serviceItems),
      topTracks: clipList(input.spotifyData.topTracks, LIMITS.serviceItems),
    };
  }
  if (input.steamData) {
    fitted.steamData = {
      games: input.steamData.games
        .slice(0, LIMITS.serviceItems)
        .map((g) => ({ name: clip(g.name, LIMITS.item), hours: Math.max(0, g.hours) })),
    };
  }
  if (input.traktData) {
    fitted.traktData = {
      shows: clipList(input.traktData.shows, LIMITS.serviceItems),
      movies: clipList(input.traktData.movies, LIMITS.serviceItems),
    };
  }
  return fitted;
}

async function postText(url: string, body: unknown): Promise<string> {
  const { text } = await postJson(url, body, textResponseSchema);
  return text.trim();
}

function logFailure(feature: string, error: unknown): void {
  console.error(`AI ${feature} failed:`, error);
}

// One code for every AI failure (the status, e.g. 429, stays on the error) so the UI has one text to show.
function aiError(error: unknown): AppError {
  if (error instanceof AppError && error.code === 'AI_FAILED') return error;
  const status = error instanceof HttpError ? error.status : undefined;
  return new AppError('AI_FAILED', { status, cause: error });
}

/** AI call 1: the profile bio. A failure is logged and rethrown as AppError('AI_FAILED'). */
export async function generateProfileSummary(input: BioRequest): Promise<string> {
  try {
    const text = await postText(AI_ROUTES.bio, bioRequestSchema.parse(fitBioRequest(input)));
    return text || messages.ai.noSummary;
  } catch (error) {
    logFailure('profile summary', error);
    throw aiError(error);
  }
}

/** AI call 2: the Hot Takes game prompt. A failure is logged and rethrown; the game shows its load-failure text. */
export async function generateHotTakesPrompt(interests: readonly string[], previous?: string): Promise<string> {
  try {
    const request = { interests: clipList(interests, LIMITS.interestItems), ...(previous ? { previous: clip(previous, LIMITS.prompt) } : {}) };
    const body = hotTakesPromptRequestSchema.parse(request);
    return (await postText(AI_ROUTES.hotTakesPrompt, body)) || messages.ai.noGameResponse;
  } catch (error) {
    logFailure('hot takes prompt', error);
    throw aiError(error);
  }
}

/** AI call 3: a persona's hot take. Never throws: a failure or a persona without a personality gets docs/product.md's line. */
export async function generatePersonaHotTake(req: PersonaHotTakeRequest): Promise<string> {
  if (!req.personality?.trim()) return messages.ai.partnerHotTakeFallback;
  try {
    const body = personaHotTakeRequestSchema.parse({ ...fitPersona(req), prompt: clip(req.prompt, LIMITS.prompt) });
    return (await postText(AI_ROUTES.personaHotTake, body)) || messages.ai.noHotTake;
  } catch (error) {
    logFailure('persona hot take', error);
    return messages.ai.partnerHotTakeFallback;
  }
}

/**
 * AI call 4: a friend's reply in their personality. Never throws: a failure picks one of the six canned
 * replies with `pickFallback` (a number in [0, 1), like Math.random, injected so callers and tests control it).
 */
export async function generateFriendChatReply(req: ChatReplyRequest, pickFallback: () => number): Promise<string> {
  try {
    const body = chatReplyRequestSchema.parse(fitChatReply(req));
    return (await postText(AI_ROUTES.chatReply, body)) || messages.ai.noConversationResponse;
  } catch (error) {
    logFailure('friend chat reply', error);
    return friendChatFallback(pickFallback());
  }
}

/** AI call 5: the 'brash and indignant' answer to the first message of a matched chat. Never throws. */
export async function generateFirstResponse(req: FirstResponseRequest): Promise<string> {
  try {
    const body = firstResponseRequestSchema.parse({
      ...fitPersona(req),
      prompt: clip(req.prompt, LIMITS.prompt),
      partnerTake: clip(req.partnerTake ?? '', LIMITS.prompt),
      message: clip(req.message, LIMITS.message),
      ...(req.gameId ? { gameId: req.gameId } : {}),
    });
    return (await postText(AI_ROUTES.firstResponse, body)) || messages.ai.noConversationResponse;
  } catch (error) {
    logFailure('matched chat first response', error);
    return messages.ai.matchedChatFallback;
  }
}

/** AI call 4 inside the matched Hot Takes chat: later replies, with the matched-chat fallback. Never throws. */
export async function generateMatchedChatReply(req: ChatReplyRequest): Promise<string> {
  try {
    const body = chatReplyRequestSchema.parse(fitChatReply(req));
    return (await postText(AI_ROUTES.chatReply, body)) || messages.ai.noConversationResponse;
  } catch (error) {
    logFailure('matched chat reply', error);
    return messages.ai.matchedChatFallback;
  }
}

export type SimilarityUser = SimilarityRequest['user'];

export interface SimilarityAnswer {
  scores: Record<string, number>;
  /** username → the score split by category; only for scores the answer explains exactly */
  breakdowns: Record<string, MatchBreakdown>;
}

/**
 * AI call 6 without the fallback: one request for every candidate. Each candidate gets a score; one that is
 * missing or not a whole number 0-100 gets 50. Throws when the call fails, so callers can decide not to cache.
 */
export async function requestSimilarity(user: SimilarityUser, candidates: readonly Persona[]): Promise<SimilarityAnswer> {
  if (candidates.length === 0) return { scores: {}, breakdowns: {} };
  const body = similarityRequestSchema.parse({
    user: {
      hobbies: clip(user.hobbies ?? '', LIMITS.hobbies),
      musicGenres: clipList(user.musicGenres, LIMITS.interestItems),
      favoriteGames: clipList(user.favoriteGames, LIMITS.interestItems),
      favoriteShows: clipList(user.favoriteShows, LIMITS.interestItems),
      ...(user.connectedTaste ? { connectedTaste: user.connectedTaste } : {}),
    },
    candidates: candidates.slice(0, LIMITS.candidates).map(fitPersona),
  });
  const response = await postJson(AI_ROUTES.similarity, body, similarityResponseSchema);
  // fromEntries, not assignment, so a username such as "__proto__" is stored as an ordinary key.
  const scores: Record<string, number> = Object.fromEntries(
    candidates.map((c) => [
      c.username,
      Object.hasOwn(response.scores, c.username) ? similarityScoreOrDefault(response.scores[c.username]) : SIMILARITY_DEFAULT_SCORE,
    ]),
  );
  // A breakdown is shown only when its parts add up to the very score the card shows.
  const breakdowns: Record<string, MatchBreakdown> = Object.fromEntries(
    candidates.flatMap((c) => {
      const breakdown = Object.hasOwn(response.breakdowns, c.username) ? response.breakdowns[c.username] : undefined;
      return breakdown && breakdownTotal(breakdown) === scores[c.username] ? [[c.username, breakdown]] : [];
    }),
  );
  return { scores, breakdowns };
}

/** AI call 6 without the fallback, scores only. Throws when the call fails. */
export async function requestSimilarityScores(user: SimilarityUser, candidates: readonly Persona[]): Promise<Record<string, number>> {
  return (await requestSimilarity(user, candidates)).scores;
}

/** AI call 6 with docs/product.md's fallback: a failure is logged and every candidate gets 50. Never throws. */
export async function scoreSimilarity(user: SimilarityUser, candidates: readonly Persona[]): Promise<Record<string, number>> {
  try {
    return await requestSimilarityScores(user, candidates);
  } catch (error) {
    logFailure('similarity', error);
    return allDefaultScores(candidates);
  }
}

export function allDefaultScores(candidates: readonly Pick<Persona, 'username'>[]): Record<string, number> {
  return Object.fromEntries(candidates.map((c) => [c.username, SIMILARITY_DEFAULT_SCORE]));
}
