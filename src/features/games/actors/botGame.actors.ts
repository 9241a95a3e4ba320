import { fromPromise } from 'xstate';
import { buildChatLog } from '../../../domain/chat';
import { GAMES } from '../../../domain/games';
import { appendChatLog } from '../../chat';
import type { SaveChatLogInput } from '../machines/botGame.machine';

export const botGameActors = {
  saveLog: fromPromise<undefined, SaveChatLogInput>(async ({ input }) => {
    appendChatLog(input.game, buildChatLog(GAMES[input.game].name, input.messages, input.now));
    return undefined;
  }),
};
