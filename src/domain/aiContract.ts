import { z } from 'zod';

// The wire contract of the /api/ai routes, shared by the server (validation) and the client (calls).
// User-written text travels only as data fields here; prompts are built on the server.

const text = (max: number) => z.string().max(max);
const list = (maxItems: number, maxLen = 200) => z.array(text(maxLen)).max(maxItems);

export const AI_ROUTES = {
  bio: '/api/ai/bio',
  hotTakesPrompt: '/api/ai/hot-takes/prompt',
  personaHotTake: '/api/ai/hot-takes/persona',
  chatReply: '/api/ai/chat/reply',
  firstResponse: '/api/ai/chat/first-response',
  similarity: '/api/ai/similarity',
} as const;

export const bioRequestSchema = z.object({
  username: text(100),
  hobbies: text(2000).default(''),
  musicGenres: list(50),
  favoriteGames: list(50),
  favoriteShows: list(50),
  spotifyData: z.object({ topArtists: list(10), topTracks: list(10) }).optional(),
  steamData: z.object({ games: z.array(z.object({ name: text(200), hours: z.number().min(0) })).max(10) }).optional(),
  traktData: z.object({ shows: list(10), movies: list(10) }).optional(),
});
export type BioRequest = z.infer<typeof bioRequestSchema>;

export const hotTakesPromptRequestSchema = z.object({ interests: list(50) });
export type HotTakesPromptRequest = z.infer<typeof hotTakesPromptRequestSchema>;

export const personaSchema = z.object({
  username: text(100),
  personality: text(1000),
  interests: list(30),
});
export type Persona = z.infer<typeof personaSchema>;

export const personaHotTakeRequestSchema = personaSchema.extend({ prompt: text(2000) });
export type PersonaHotTakeRequest = z.infer<typeof personaHotTakeRequestSchema>;

export const chatTurnSchema = z.object({ sender: text(100), text: text(4000) });
export const chatReplyRequestSchema = personaSchema.extend({
  messages: z.array(chatTurnSchema).max(50),
  message: text(4000),
});
export type ChatReplyRequest = z.infer<typeof chatReplyRequestSchema>;

export const firstResponseRequestSchema = personaSchema.extend({
  prompt: text(2000),
  partnerTake: text(2000).default(''),
  message: text(4000),
});
export type FirstResponseRequest = z.infer<typeof firstResponseRequestSchema>;

export const similarityRequestSchema = z.object({
  user: z.object({
    hobbies: text(2000).default(''),
    musicGenres: list(50),
    favoriteGames: list(50),
    favoriteShows: list(50),
  }),
  candidates: z.array(personaSchema).max(200),
});
export type SimilarityRequest = z.infer<typeof similarityRequestSchema>;

export const textResponseSchema = z.object({ text: z.string() });

/** scores: username → whole number 0-100; shared: username → the items behind the score (may be empty). */
export const similarityResponseSchema = z.object({
  scores: z.record(z.string(), z.number()),
  shared: z.record(z.string(), z.array(z.string())).default({}),
});
export type SimilarityResponse = z.infer<typeof similarityResponseSchema>;
