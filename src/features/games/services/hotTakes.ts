import { buildChatLog, type ChatLog, type ChatMessage } from '../../../domain/chat';
import { applyWin, gameAward } from '../../../domain/gameAward';
import { GAMES } from '../../../domain/games';
import { isSamePrompt } from '../../../domain/hotTakesPrompt';
import { pickIndex } from '../../../domain/random';
import type { LeaderboardStats } from '../../../domain/leaderboard';
import type { User } from '../../../domain/user';
import { appendChatLog } from '../../chat';
import { currentUserStatsKey } from '../storage/leaderboard';
import { loadProfile } from '../../../shared/storage/profile';
import { generateHotTakesPrompt } from '../../../shared/http/ai';
import { addFriendLink, currentUserId, loadFriendIds, loadUsers } from '../../../shared/people/users';

// The matched Hot Takes chat's side effects: who plays, the game prompt, the saved log and the recorded win.

/** A random other user (never the current one), or null when there is nobody to match with. */
export function pickPartner(random: () => number): User | null {
  const me = currentUserId();
  const others = loadUsers().filter((u) => u.id !== me);
  if (others.length === 0) return null;
  return others[pickIndex(random(), others.length)]!;
}

/** The interests the game prompt is built from: everything the user listed on their profile. */
export function profileInterests(): string[] {
  const profile = loadProfile();
  return [...profile.musicGenres, ...profile.favoriteGames, ...profile.favoriteShows];
}

// The AI is told the previous prompt; should it answer the same one anyway, it is asked again this often.
const REPEAT_RETRIES = 2;

/** Asks the AI for a game prompt for these interests, told the one played before (if any). */
export type GeneratePrompt = (interests: readonly string[], previous?: string) => Promise<string>;

/**
 * The AI game prompt for the user's interests, never `previous` (the one just played); throws
 * AppError('AI_FAILED') like the AI client.
 */
export async function loadGamePrompt(previous: string | undefined, generate: GeneratePrompt = generateHotTakesPrompt): Promise<string> {
  let prompt = await generate(profileInterests(), previous);
  for (let retry = 0; retry < REPEAT_RETRIES && isSamePrompt(prompt, previous); retry += 1) {
    prompt = await generate(profileInterests(), previous);
  }
  return prompt;
}

/** Saves the chat to hottakes_chat_logs with its partner (newest first, 10 kept). Throws STORAGE_FULL. */
export function saveMatchedLog(messages: readonly ChatMessage[], partner: string | undefined, now: number): ChatLog[] {
  return appendChatLog('hottakes', buildChatLog(GAMES.hottakes.name, messages, now, partner));
}

export interface RecordedWin {
  award: number;
  stats: LeaderboardStats;
}

/** Adds a won game worth `messageCount`'s award to the current user's stats. Throws STORAGE_FULL. */
export function recordWin(messageCount: number): RecordedWin {
  const award = gameAward(messageCount);
  const stats = applyWin(currentUserStatsKey.read(), award);
  currentUserStatsKey.write(stats);
  return { award, stats };
}

export function isFriend(userId: string): boolean {
  return loadFriendIds().includes(userId);
}

/** Links the current user and `userId`; an existing link counts as done (both end as friends). */
export function befriend(userId: string): void {
  addFriendLink(userId);
}
