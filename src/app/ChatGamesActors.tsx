import type { ReactNode } from 'react';
import { chatActors } from '../features/chat/actors';
import { ChatActorsContext } from '../features/chat/ui/ChatActors';
import { gamesActors } from '../features/games/actors';
import { GamesActorsContext } from '../features/games/ui/GamesActors';

/** The chat and games screens' IO: their real actors, provided here where the app is assembled. */
export function ChatGamesActors({ children }: { children: ReactNode }) {
  return (
    <ChatActorsContext.Provider value={chatActors}>
      <GamesActorsContext.Provider value={gamesActors}>{children}</GamesActorsContext.Provider>
    </ChatActorsContext.Provider>
  );
}
