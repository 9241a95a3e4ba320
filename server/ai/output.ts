import { messages } from '../../src/domain/messages';

// Validation of AI output, the same whichever provider answered (docs/product.md section 5).

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

export const DEFAULT_SCORE = 50;

/** A score counts only as a whole number 0-100 (a number, not a numeric string); otherwise 50. */
export function validScore(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 100 ? value : DEFAULT_SCORE;
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
  for (const name of usernames) scores.set(name, given.has(name) ? validScore(given.get(name)) : DEFAULT_SCORE);
  return Object.fromEntries(scores);
}
