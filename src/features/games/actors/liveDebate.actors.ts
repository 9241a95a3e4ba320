import { fromPromise } from 'xstate';
import type { SaveDebateLogInput } from '../machines/liveDebate.machine';
import { saveMatchedLog } from '../services/hotTakes';

export const liveDebateActors = {
  // Stamped when it is stored, like the other games' logs.
  saveLog: fromPromise<undefined, SaveDebateLogInput>(async ({ input }) => {
    saveMatchedLog(input.messages, input.partner, Date.now());
    return undefined;
  }),
};
