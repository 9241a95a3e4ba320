import { lazy, Suspense } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { isSamplePerson } from '../domain/personKind';
import FriendChat from '../features/chat/ui/FriendChat';
import SoloHotTakesChat from '../features/games/ui/SoloHotTakesChat';
import { useSessionMode } from '../features/session/ui/SocialContext';

// A member friend's chat is its own chunk: guests, who only ever chat with sample people, never load it.
const MemberChat = lazy(() => import('../features/chat/ui/MemberChat'));

/** The friend to chat with: the path's /chat/:friendId first, else navigation state { friendId } (docs/product.md). */
function useFriendId(): string | undefined {
  const { friendId } = useParams();
  const state: unknown = useLocation().state;
  if (friendId) return friendId;
  const fromState = state && typeof state === 'object' ? (state as { friendId?: unknown }).friendId : undefined;
  return typeof fromState === 'string' && fromState !== '' ? fromState : undefined;
}

function LoadingChat() {
  return (
    <div className="center-page" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <p>Loading chat...</p>
    </div>
  );
}

/**
 * /chat and /chat/:friendId: the Hot Takes solo chat without a friend; with one, a sample person's AI persona
 * chat ('user-N' ids, which no member has) or a real conversation with a member friend.
 */
export default function Chat() {
  const friendId = useFriendId();
  const mode = useSessionMode();
  if (!friendId) return <SoloHotTakesChat />;
  // Keyed by friend so moving from one friend's chat to another's starts a fresh conversation. A guest's
  // friends are all sample people (an unknown id shows the friend chat's not-found).
  if (mode === 'guest' || isSamplePerson({ id: friendId })) return <FriendChat key={friendId} friendId={friendId} />;
  if (mode === 'checking') return <LoadingChat />;
  return (
    <Suspense fallback={<LoadingChat />}>
      <MemberChat key={friendId} friendId={friendId} />
    </Suspense>
  );
}
