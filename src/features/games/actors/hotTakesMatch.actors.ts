import { fromPromise } from 'xstate';
import type { User } from '../../../domain/user';
import type { GameWinOutcome } from '../../../domain/stats';
import { generateFirstResponse, generateHotTakesPrompt, generateMatchedChatReply, generatePersonaHotTake } from '../../../shared/http/ai';
import type { FirstResponseInput, MatchedReplyInput, PersonaInput, RecordWinInput, SaveMatchedLogInput } from '../machines/hotTakesMatch.machine';
import { recordGameWin, startHotTakesGame } from '../services/gameResults';
import type { ViewerSource } from '../../../shared/session/viewer';
import { befriend, isFriend, loadGamePrompt, pickPartner, saveMatchedLog } from '../services/hotTakes';

/** The AI calls a matched Hot Takes game is played with (the app's AI client; a test's fake). */
export interface HotTakesMatchAi {
  generateHotTakesPrompt: typeof generateHotTakesPrompt;
  generatePersonaHotTake: typeof generatePersonaHotTake;
  generateFirstResponse: typeof generateFirstResponse;
  generateMatchedChatReply: typeof generateMatchedChatReply;
}

function persona(partner: User) {
  return { username: partner.username, personality: partner.personality ?? '', interests: partner.interests };
}

/**
 * The matched Hot Takes game's actors over the device's sample people, logs and the viewer's figures, with
 * the given AI. They remember the last prompt they were given, so a new game screen (which knows no
 * previous game) is still not asked the prompt just played.
 */
export function hotTakesMatchActorsWith(viewer: ViewerSource, ai: HotTakesMatchAi) {
  let lastPrompt: string | undefined;
  return {
    pickPartner: fromPromise<User | null, { random: () => number }>(async ({ input }) => pickPartner(input.random)),
    gamePrompt: fromPromise<string, { previous: string | null }>(async ({ input }) => {
      const prompt = await loadGamePrompt(input.previous ?? lastPrompt, ai.generateHotTakesPrompt);
      lastPrompt = prompt;
      return prompt;
    }),
    startGame: fromPromise<string | null>(() => startHotTakesGame(viewer)),
    partnerTake: fromPromise<string, PersonaInput>(({ input }) => ai.generatePersonaHotTake({ ...persona(input.partner), prompt: input.prompt })),
    firstResponse: fromPromise<string, FirstResponseInput>(({ input }) =>
      ai.generateFirstResponse({
        ...persona(input.partner),
        prompt: input.prompt,
        partnerTake: input.partnerTake,
        message: input.message,
        ...(input.gameId ? { gameId: input.gameId } : {}),
      }),
    ),
    writeReply: fromPromise<string, MatchedReplyInput>(({ input }) =>
      ai.generateMatchedChatReply({
        ...persona(input.partner),
        messages: input.messages.map((m) => ({ sender: m.sender, text: m.text })),
        message: input.message,
        ...(input.gameId ? { gameId: input.gameId } : {}),
      }),
    ),
    saveLog: fromPromise<undefined, SaveMatchedLogInput>(async ({ input }) => {
      saveMatchedLog(input.messages, input.partner, input.now);
      return undefined;
    }),
    recordWin: fromPromise<GameWinOutcome, RecordWinInput>(({ input }) => recordGameWin(viewer, input.gameId, input.messageCount, input.finishedAt)),
    checkFriend: fromPromise<boolean, { userId: string }>(async ({ input }) => isFriend(input.userId)),
    addFriend: fromPromise<undefined, { userId: string }>(async ({ input }) => {
      befriend(input.userId);
      return undefined;
    }),
  };
}

/** The matched game's actors with the app's AI client, for the app's viewer. */
export function hotTakesMatchActorsFor(viewer: ViewerSource) {
  return hotTakesMatchActorsWith(viewer, { generateHotTakesPrompt, generatePersonaHotTake, generateFirstResponse, generateMatchedChatReply });
}
