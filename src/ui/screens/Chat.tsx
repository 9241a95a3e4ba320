import { useLocation, useParams } from 'react-router-dom';
import FriendChat from '../games/FriendChat';
import SoloHotTakesChat from '../games/SoloHotTakesChat';

/** The friend to chat with: the path's /chat/:friendId first, else navigation state { friendId } (docs/product.md section 2). */
function useFriendId(): string | undefined {
  const { friendId } = useParams();
  const state: unknown = useLocation().state;
  if (friendId) return friendId;
  const fromState = state && typeof state === 'object' ? (state as { friendId?: unknown }).friendId : undefined;
  return typeof fromState === 'string' && fromState !== '' ? fromState : undefined;
}

/** /chat and /chat/:friendId: the Hot Takes solo chat without a friend, friend chat with one. */
export default function Chat() {
  const friendId = useFriendId();
  // Keyed by friend so moving from one friend's chat to another's starts a fresh conversation.
  return friendId ? <FriendChat key={friendId} friendId={friendId} /> : <SoloHotTakesChat />;
}
