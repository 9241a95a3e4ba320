import { SIMILARITY_DEFAULT_SCORE, similarityScoreOrDefault } from '../../src/domain/aiContract';
import { messages } from '../../src/domain/messages';

// Validation of AI output, the same whichever provider answered (docs/product.md).

export type TextFeature = 'bio' | 'hotTakesPrompt' | 'personaHotTake' | 'chatReply' | 'firstResponse';

const EMPTY_TEXT: Record<TextFeature, string> = {
  bio: messages.ai.noSummary,
  hotTakesPrompt: messages.ai.noGameResponse,
  personaHotTake: messages.ai.noHotTake,
  chatReply: messages.ai.noConversationResponse,
  firstResponse: messages.ai.noConversationResponse,
};

export function textOrFallback(feature: TextFeature, value: string | null | undefined): string {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? EMPTY_TEXT[feature] : trimmed;
}

/**
 * Scores for exactly the requested usernames from whatever the model returned: entries that are not
 * {username, score} objects are ignored, the first entry per username wins, missing ones get 50.
 */
export function scoresFor(usernames: readonly string[], entries: unknown): Record<string, number> {
  const given = new Map<string, unknown>();
  if (Array.isArray(entries)) {
    for (const entry of entries) {
      if (typeof entry !== 'object' || entry === null) continue;
      const { username, score } = entry as { username?: unknown; score?: unknown };
      if (typeof username === 'string' && !given.has(username)) given.set(username, score);
    }
  }
  const scores = new Map<string, number>();
  for (const name of usernames) scores.set(name, given.has(name) ? similarityScoreOrDefault(given.get(name)) : SIMILARITY_DEFAULT_SCORE);
  return Object.fromEntries(scores);
}
