import { useActorRef } from '@xstate/react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { conversationsActorsFor } from '../features/chat/actors/conversations.actors';
import { conversationsMachine } from '../features/chat/machines/conversations.machine';
import { inspectOptions } from '../shared/ui/inspect';
import { ConversationsContext, type ConversationsActor } from '../features/chat/ui/ConversationsContext';
import type { LiveActor } from '../features/live/machines/liveLink';
import { useLive } from '../features/live/ui/LiveContext';
import { useLiveLinkLogic } from '../features/live/ui/memberLive';
import { SessionContext } from '../features/session/ui/SessionContext';
import { useViewerSource } from './ViewerSourceContext';

/** Runs one member's conversations actor while mounted and hands it up. */
function ConversationsHost({ live, onActor }: { live: LiveActor; onActor: (actor: ConversationsActor | null) => void }) {
  const liveLink = useLiveLinkLogic(live);
  const viewer = useViewerSource();
  const machine = useMemo(() => conversationsMachine.provide({ actors: { ...conversationsActorsFor(viewer), liveLink } }), [liveLink, viewer]);
  const actor = useActorRef(machine, inspectOptions());
  useEffect(() => {
    onActor(actor);
    return () => onActor(null);
  }, [actor, onActor]);
  return null;
}

/** Starts the member's conversations (the list on Friends, the unread badge) for members only, afresh per member. */
export function ConversationsRoot({ children }: { children: ReactNode }) {
  const memberId = SessionContext.useSelector((s) => (s.matches('member') ? (s.context.member?.id ?? null) : null));
  // Started once the member's live actor is here, so no message that arrives is missed by the list.
  const live = useLive();
  const [actor, setActor] = useState<ConversationsActor | null>(null);
  const conversations = useMemo(() => ({ actor: memberId ? actor : null, expected: memberId !== null }), [memberId, actor]);
  return (
    <>
      {memberId && live && <ConversationsHost key={memberId} live={live} onActor={setActor} />}
      <ConversationsContext.Provider value={conversations}>{children}</ConversationsContext.Provider>
    </>
  );
}
