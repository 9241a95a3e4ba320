import type { ReactNode } from 'react';
import { PeopleFeatureActors } from '../../src/app/PeopleFeatureActors';
import { chatActors } from '../../src/features/chat/actors';
import { friendChatWith, type FriendChatAi } from '../../src/features/chat/actors/friendChat.actors';
import { ChatActorsContext, type ChatActors } from '../../src/features/chat/ui/ChatActors';
import { gamesActors } from '../../src/features/games/actors';
import { hotTakesMatchActorsWith, type HotTakesMatchAi } from '../../src/features/games/actors/hotTakesMatch.actors';
import { soloChatActorsWith, type SoloChatAi } from '../../src/features/games/actors/soloChat.actors';
import { GamesActorsContext, type GamesActors } from '../../src/features/games/ui/GamesActors';

// Chat and games screens get their IO from the providers the app fills (src/app/ChatGamesActors.tsx).
// A UI test renders them under the same providers: the real actors (over the test's device storage), with
// the parts the test fakes replaced.

export interface ChatGamesFakes {
  chat?: Partial<ChatActors>;
  games?: Partial<GamesActors>;
}

/** The chat and games providers, inside the people features' (discover, friends, safety) as the app nests them. */
export function WithChatGamesActors({ fakes = {}, children }: { fakes?: ChatGamesFakes; children: ReactNode }) {
  return (
    <PeopleFeatureActors>
      <ChatActorsContext.Provider value={{ ...chatActors, ...fakes.chat }}>
        <GamesActorsContext.Provider value={{ ...gamesActors, ...fakes.games }}>{children}</GamesActorsContext.Provider>
      </ChatActorsContext.Provider>
    </PeopleFeatureActors>
  );
}

/** The chats' and games' real IO with the AI calls replaced: what a test of the screens fakes instead of the AI module. */
export function withAi(ai: FriendChatAi & SoloChatAi): ChatGamesFakes {
  return { chat: { friendChat: friendChatWith(ai) }, games: { soloChat: { actors: soloChatActorsWith(ai) } } };
}

/**
 * The games' real IO with the matched Hot Takes game's AI replaced; fresh actors each call, so a test starts
 * as a new app run (no prompt remembered from another test).
 */
export function withHotTakesAi(ai: HotTakesMatchAi): ChatGamesFakes {
  return { games: { hotTakesMatch: { actors: hotTakesMatchActorsWith(ai) } } };
}
