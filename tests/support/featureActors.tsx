import { useState, type ReactNode } from 'react';
import { PeopleFeatureActors } from '../../src/app/PeopleFeatureActors';
import { useViewerSource } from '../../src/app/ViewerSourceContext';
import { createChatActors } from '../../src/features/chat/actors';
import { friendChatWith, type FriendChatAi } from '../../src/features/chat/actors/friendChat.actors';
import { ChatActorsContext, type ChatActors } from '../../src/features/chat/ui/ChatActors';
import { createGamesActors } from '../../src/features/games/actors';
import { hotTakesMatchActorsWith, type HotTakesMatchAi } from '../../src/features/games/actors/hotTakesMatch.actors';
import { soloChatActorsWith, type SoloChatAi } from '../../src/features/games/actors/soloChat.actors';
import { GamesActorsContext, type GamesActors } from '../../src/features/games/ui/GamesActors';
import type { ViewerSource } from '../../src/shared/session/viewer';
import { WithViewerSource } from './viewer';

// Chat and games screens get their IO from the providers the app fills (src/app/ChatGamesActors.tsx).
// A UI test renders them under the same providers: the real actors (over the test's device storage), with
// the parts the test fakes replaced.

export interface ChatGamesFakes {
  chat?: Partial<ChatActors>;
  games?: Partial<GamesActors>;
}

/** Fakes, or fakes made for the viewer source the screens are rendered with. */
export type ChatGamesFakesFor = ChatGamesFakes | ((viewer: ViewerSource) => ChatGamesFakes);

function ChatGamesProviders({ fakes, children }: { fakes: ChatGamesFakesFor; children: ReactNode }) {
  const viewer = useViewerSource();
  const [actors] = useState(() => {
    const chosen = typeof fakes === 'function' ? fakes(viewer) : fakes;
    return { chat: { ...createChatActors(viewer), ...chosen.chat }, games: { ...createGamesActors(viewer), ...chosen.games } };
  });
  return (
    <ChatActorsContext.Provider value={actors.chat}>
      <GamesActorsContext.Provider value={actors.games}>{children}</GamesActorsContext.Provider>
    </ChatActorsContext.Provider>
  );
}

/** The chat and games providers, inside the people features' (discover, friends, safety) as the app nests them. */
export function WithChatGamesActors({ fakes = {}, children }: { fakes?: ChatGamesFakesFor; children: ReactNode }) {
  return (
    <WithViewerSource>
      <PeopleFeatureActors>
        <ChatGamesProviders fakes={fakes}>{children}</ChatGamesProviders>
      </PeopleFeatureActors>
    </WithViewerSource>
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
export function withHotTakesAi(ai: HotTakesMatchAi): ChatGamesFakesFor {
  return (viewer) => ({ games: { hotTakesMatch: { actors: hotTakesMatchActorsWith(viewer, ai) } } });
}
