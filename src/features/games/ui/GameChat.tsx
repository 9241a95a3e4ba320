import { lazy, useMemo } from 'react';
import { useParams } from 'react-router-dom';
import { isBotGameId } from '../../../domain/botReplies';
import { debateLinkFor } from '../machines/debateLink';
import type { LiveActor } from '../../live';
import BotGameChat from './BotGameChat';
import { useLive } from '../../live/components';
import { useSessionMode } from '../../session/components';
import NotFound from '../../../shared/ui/NotFound';

// The matched Hot Takes chat is its own chunk: it pulls in the AI client and matching, the bot games do not.
const HotTakesMatchChat = lazy(() => import('./HotTakesMatchChat'));
// A member's debate against another member: its own chunk too, which guests never load.
const LiveDebateChat = lazy(() => import('./LiveDebateChat'));

function Waiting() {
  return (
    <div className="center-page" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}

function MemberHotTakes({ live }: { live: LiveActor }) {
  const liveLink = useMemo(() => debateLinkFor(live), [live]);
  return <LiveDebateChat liveLink={liveLink} />;
}

/** A member debates another member first (the AI takes the seat when nobody is found); a guest plays the AI chat. */
function HotTakesChat() {
  const mode = useSessionMode();
  const live = useLive();
  if (mode === 'guest') return <HotTakesMatchChat />;
  // The session is still being checked, or the member's live channel is still loading.
  if (mode === 'checking' || !live) return <Waiting />;
  return <MemberHotTakes live={live} />;
}

/** /games/:game/chat: Hot Takes for 'hottakes', the bot game for the nine others. */
export default function GameChat() {
  const { game } = useParams();
  if (game === 'hottakes') return <HotTakesChat />;
  // Keyed by game so moving from one game's chat to another starts a fresh session.
  if (isBotGameId(game)) return <BotGameChat key={game} game={game} />;
  return <NotFound />;
}
