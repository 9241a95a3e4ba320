import { lazy } from 'react';
import { useParams } from 'react-router-dom';
import { isBotGameId } from '../../domain/botReplies';
import BotGameChat from '../games/BotGameChat';
import NotFound from './NotFound';

// The matched Hot Takes chat is its own chunk: it pulls in the AI client and matching, the bot games do not.
const HotTakesMatchChat = lazy(() => import('./HotTakesMatchChat'));

/** /games/:game/chat: the matched Hot Takes chat for 'hottakes', the bot game for the nine others. */
export default function GameChat() {
  const { game } = useParams();
  if (game === 'hottakes') return <HotTakesMatchChat />;
  // Keyed by game so moving from one game's chat to another starts a fresh session.
  if (isBotGameId(game)) return <BotGameChat key={game} game={game} />;
  return <NotFound />;
}
