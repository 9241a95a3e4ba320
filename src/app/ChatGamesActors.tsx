import { useMemo, type ReactNode } from 'react';
import { createChatActors } from '../features/chat/actors';
import { ChatActorsContext } from '../features/chat/ui/ChatActors';
import { createGamesActors } from '../features/games/actors';
import { GamesActorsContext } from '../features/games/ui/GamesActors';
import { useViewerSource } from './ViewerSourceContext';

/** The chat and games screens' IO: their real actors, provided here where the app is assembled. */
export function ChatGamesActors({ children }: { children: ReactNode }) {
  const viewer = useViewerSource();
  const chatActors = useMemo(() => createChatActors(viewer), [viewer]);
  const gamesActors = useMemo(() => createGamesActors(viewer), [viewer]);
  return (
    <ChatActorsContext.Provider value={chatActors}>
      <GamesActorsContext.Provider value={gamesActors}>{children}</GamesActorsContext.Provider>
    </ChatActorsContext.Provider>
  );
}
