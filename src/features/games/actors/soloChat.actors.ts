import { fromPromise } from 'xstate';
import { buildChatLog } from '../../../domain/chat';
import { GAMES } from '../../../domain/games';
import { pickIndex } from '../../../domain/random';
import { generatePersonaHotTake } from '../../../shared/http/ai';
import { currentUserId, loadUsers } from '../../../shared/people/users';
import { appendChatLog } from '../../chat';
import type { RevealedTake, RevealTakeInput, SaveSoloLogInput } from '../machines/soloChat.machine';

/** The AI call a revealed take is written by (the app's AI client; a test's fake). */
export interface SoloChatAi {
  generatePersonaHotTake: typeof generatePersonaHotTake;
}

/** The solo chat's actors over the device's sample users and logs, with the given AI. */
export function soloChatActorsWith(ai: SoloChatAi) {
  return {
    // Picks a sample user with a personality (never the current one) and has the AI write their take.
    revealTake: fromPromise<RevealedTake, RevealTakeInput>(async ({ input }) => {
      const me = currentUserId();
      const candidates = loadUsers().filter((u) => u.id !== me && u.personality?.trim());
      const persona = candidates[pickIndex(input.pick, candidates.length)];
      if (!persona) throw new Error('No other users to reveal a take from');
      const text = await ai.generatePersonaHotTake({
        username: persona.username,
        personality: persona.personality ?? '',
        interests: persona.interests,
        prompt: input.prompt,
      });
      return { from: persona.username, text };
    }),
    saveLog: fromPromise<undefined, SaveSoloLogInput>(async ({ input }) => {
      appendChatLog('hottakes', buildChatLog(GAMES.hottakes.name, input.messages, input.now));
      return undefined;
    }),
  };
}

export const soloChatActors = soloChatActorsWith({ generatePersonaHotTake });
