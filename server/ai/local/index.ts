import type { AiProvider } from '../provider';
import { localBio } from './bio';
import { localHotTakesPrompt } from './hotTakes';
import { localChatReply, localFirstResponse, localPersonaHotTake } from './persona';
import { scoreAll } from './similarity';

/** The AI answer when no Gemini key is configured: deterministic, instant, no network. */
export function createLocalProvider(): AiProvider {
  return {
    name: 'local',
    bio: async (req) => localBio(req),
    hotTakesPrompt: async (req) => localHotTakesPrompt(req.interests, req.previous),
    personaHotTake: async (req) => localPersonaHotTake(req),
    chatReply: async (req) => localChatReply(req),
    firstResponse: async (req) => localFirstResponse(req),
    similarity: async (req) => scoreAll(req.user, req.candidates, { explain: true }),
  };
}
