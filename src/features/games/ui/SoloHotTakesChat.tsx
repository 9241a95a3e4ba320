import { useActorRef, useSelector } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import { revealedPersonaWrote } from '../../../domain/aiAuthored';
import { GAMES, quickEmojisFor } from '../../../domain/games';
import { selectReplying, selectSaveError } from '../../chat';
import { selectSentCount, selectSoloInput, selectSoloStep, soloChatMachine } from '../machines/soloChat.machine';
import { useGamesActors } from './GamesActors';
import { inspectOptions } from '../../../shared/ui/inspect';
import { ChatView } from '../../chat/components';
import { SaveFailedBanner } from '../../chat/components';
import '../../../shared/ui/styles/chatScreens.css';

const INFO = GAMES.hottakes;

/** The counter docs/product.md asks for, with the one thing to do next. */
function SoloProgress({ sent, step }: { sent: number; step: string }) {
  return (
    <div className="solo-progress">
      <p className="solo-counter" aria-live="polite" aria-atomic="true">
        <span className="solo-counter-number">{sent}</span> {sent === 1 ? 'message' : 'messages'} sent
      </p>
      <p className="solo-step">{step}</p>
    </div>
  );
}

/** Hot Takes solo chat (/chat with no friend): verdict, /continue reveal, canned reactions; back saves and leaves. */
export default function SoloHotTakesChat() {
  const navigate = useNavigate();
  const { soloChat, sources } = useGamesActors();
  const actor = useActorRef(soloChatMachine.provide({ actors: soloChat.actors, actions: { goToGames: () => void navigate('/games') } }), {
    input: sources,
    ...inspectOptions(),
  });
  const messages = useSelector(actor, (s) => s.context.messages);
  const replying = useSelector(actor, selectReplying);
  const step = useSelector(actor, selectSoloStep);
  const sent = useSelector(actor, selectSentCount);
  const input = useSelector(actor, selectSoloInput, (a, b) => a.enabled === b.enabled && a.hint === b.hint);
  const saveError = useSelector(actor, selectSaveError);

  return (
    <ChatView
      title={INFO.name}
      tagline={INFO.tagline}
      logsGame="hottakes"
      messages={messages}
      emojis={quickEmojisFor('hottakes')}
      placeholder={INFO.placeholder}
      inputDisabled={!input.enabled}
      inputHint={input.hint}
      typingName={replying ? INFO.name : null}
      aiPersona={revealedPersonaWrote}
      banner={
        <>
          <SoloProgress sent={sent} step={step} />
          {saveError ? <SaveFailedBanner error={saveError} send={(event) => actor.send(event)} /> : null}
        </>
      }
      onSend={(text) => actor.send({ type: 'SEND', text })}
      onEmoji={(emoji) => actor.send({ type: 'EMOJI', emoji })}
      onBack={() => actor.send({ type: 'BACK' })}
    />
  );
}
