import { z } from 'zod';
import { matchBreakdownSchema } from './matchBreakdown';
import { connectedTasteSchema } from './profile';
import { safeLine, safeMultiLine } from './safeText';

// The wire contract of the /api/ai routes, shared by the server (validation) and the client (calls).
// User-written text travels only as data fields here; prompts are built on the server.

/** docs/product.md: a persona chat reply uses the last 5 messages (the chat picks them, the AI client trims to them). */
export const CHAT_CONTEXT_MESSAGES = 5;

/**
 * Every field's cap, in one place: the server rejects what is longer, and the browser trims what it sends
 * to fit (src/features/profile/services/ai.ts), so a long hobby text never turns a whole call into a 400.
 */
export const AI_LIMITS = {
  username: 100,
  hobbies: 2000,
  interestItems: 50,
  personaInterests: 30,
  item: 200,
  personality: 1000,
  prompt: 2000,
  message: 4000,
  serviceItems: 10,
  chatTurns: 50,
  candidates: 200,
} as const;

/** docs/product.md: a similarity score counts only as a whole number 0-100; anything else is 50. */
export const SIMILARITY_DEFAULT_SCORE = 50;

export function similarityScoreOrDefault(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 100 ? value : SIMILARITY_DEFAULT_SCORE;
}

const L = AI_LIMITS;
// Free texts may span lines; list items are one line. Neither may hold other control characters.
const text = (max: number) => safeMultiLine(max);
const list = (maxItems: number, maxLen: number = L.item) => z.array(safeLine(maxLen)).max(maxItems);

export const AI_ROUTES = {
  bio: '/api/ai/bio',
  hotTakesPrompt: '/api/ai/hot-takes/prompt',
  personaHotTake: '/api/ai/hot-takes/persona',
  chatReply: '/api/ai/chat/reply',
  firstResponse: '/api/ai/chat/first-response',
  similarity: '/api/ai/similarity',
} as const;

export const bioRequestSchema = z.object({
  username: text(L.username),
  hobbies: text(L.hobbies).default(''),
  musicGenres: list(L.interestItems),
  favoriteGames: list(L.interestItems),
  favoriteShows: list(L.interestItems),
  spotifyData: z.object({ topArtists: list(L.serviceItems), topTracks: list(L.serviceItems) }).optional(),
  steamData: z.object({ games: z.array(z.object({ name: text(L.item), hours: z.number().min(0) })).max(L.serviceItems) }).optional(),
  traktData: z.object({ shows: list(L.serviceItems), movies: list(L.serviceItems) }).optional(),
});
export type BioRequest = z.infer<typeof bioRequestSchema>;

// `previous` (optional): the prompt just played, which the new one must not repeat.
export const hotTakesPromptRequestSchema = z.object({ interests: list(L.interestItems), previous: text(L.prompt).optional() });
export type HotTakesPromptRequest = z.infer<typeof hotTakesPromptRequestSchema>;

export const personaSchema = z.object({
  username: text(L.username),
  personality: text(L.personality),
  interests: list(L.personaInterests),
});
export type Persona = z.infer<typeof personaSchema>;

export const personaHotTakeRequestSchema = personaSchema.extend({ prompt: text(L.prompt) });
export type PersonaHotTakeRequest = z.infer<typeof personaHotTakeRequestSchema>;

export const chatTurnSchema = z.object({ sender: text(L.username), text: text(L.message) });
/**
 * `gameId` (optional): the member's Hot Takes game this reply belongs to (POST /api/games/sessions); the
 * server counts the turn for that game when it answers. Guests and friend chats send none.
 */
const gameIdField = z.uuid().optional();

export const chatReplyRequestSchema = personaSchema.extend({
  messages: z.array(chatTurnSchema).max(L.chatTurns),
  message: text(L.message),
  gameId: gameIdField,
});
export type ChatReplyRequest = z.infer<typeof chatReplyRequestSchema>;

export const firstResponseRequestSchema = personaSchema.extend({
  prompt: text(L.prompt),
  partnerTake: text(L.prompt).default(''),
  message: text(L.message),
  gameId: gameIdField,
});
export type FirstResponseRequest = z.infer<typeof firstResponseRequestSchema>;

export const similarityRequestSchema = z.object({
  user: z.object({
    hobbies: text(L.hobbies).default(''),
    musicGenres: list(L.interestItems),
    favoriteGames: list(L.interestItems),
    favoriteShows: list(L.interestItems),
    // Optional: what connected accounts report, so hours played and listening rank weigh.
    connectedTaste: connectedTasteSchema.optional(),
  }),
  candidates: z.array(personaSchema).max(L.candidates),
});
export type SimilarityRequest = z.infer<typeof similarityRequestSchema>;

export const textResponseSchema = z.object({ text: z.string() });

/**
 * scores: username → whole number 0-100; shared: username → the items behind the score (may be empty);
 * breakdowns: username → the score split by category, whose parts add up to the score.
 */
export const similarityResponseSchema = z.object({
  scores: z.record(z.string(), z.number()),
  shared: z.record(z.string(), z.array(z.string())).default({}),
  breakdowns: z.record(z.string(), matchBreakdownSchema).default({}),
});
export type SimilarityResponse = z.infer<typeof similarityResponseSchema>;
