import { fromPromise } from 'xstate';
import type { ChatLog } from '../../../domain/chat';
import type { GameId } from '../../../domain/games';
import { chatLogsKey } from '../storage/chatLogs';

export const chatLogsActors = {
  loadChatLogs: fromPromise<ChatLog[], { game: GameId }>(async ({ input }) => chatLogsKey(input.game).read()),
};
