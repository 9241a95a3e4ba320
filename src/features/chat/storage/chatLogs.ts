import { z } from 'zod';
import { chatLogSchema, MAX_CHAT_LOGS_PER_GAME, type ChatLog } from '../../../domain/chat';
import type { GameId } from '../../../domain/games';
import { defineKeyFamily } from '../../../shared/storage/store';

export const chatLogsKey = (game: GameId) =>
  defineKeyFamily('', z.array(chatLogSchema), () => [])(`${game}_chat_logs`);

/** Newest first, at most 10 per game; the oldest is dropped (docs/product.md section 9). */
export function appendChatLog(game: GameId, log: ChatLog): ChatLog[] {
  const key = chatLogsKey(game);
  const next = [log, ...key.read()].slice(0, MAX_CHAT_LOGS_PER_GAME);
  key.write(next);
  return next;
}
