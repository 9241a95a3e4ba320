import { useActorRef, useSelector } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import { GAMES, quickEmojisFor } from '../../domain/games';
import { CONTINUE_COMMAND } from '../../domain/soloReactions';
import { soloChatMachine } from '../../machines/soloChat.machine';
import { inspectOptions } from '../inspect';
import ChatView from './ChatView';
import { SaveFailedBanner } from './SaveFailedBanner';
import '../styles/chatScreens.css';

const INFO = GAMES.hottakes;

/** The counter docs/product.md asks for, with the one thing to do next so the /continue step is never a mystery. */
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
  // No clock or random source passed: the machine's defaults are the live ones.
  const actor = useActorRef(soloChatMachine.provide({ actions: { goToGames: () => navigate('/games') } }), {
    input: {},
    ...inspectOptions(),
  });
  const messages = useSelector(actor, (s) => s.context.messages);
  const judging = useSelector(actor, (s) => s.matches({ chat: { flow: 'judging' } }));
  const revealing = useSelector(actor, (s) => s.matches({ chat: { flow: 'revealing' } }));
  const awaitingContinue = useSelector(actor, (s) => s.matches({ chat: { flow: 'awaitingContinue' } }));
  const chatting = useSelector(actor, (s) => s.matches({ chat: { flow: 'chatting' } }));
  const reacting = useSelector(actor, (s) => s.matches({ chat: { flow: { chatting: 'reacting' } } }));
  const saving = useSelector(actor, (s) => s.matches({ chat: { exit: 'saving' } }));
  const saveError = useSelector(actor, (s) => s.context.saveError);
  const sent = messages.filter((m) => m.sender === 'user').length;

  const step = chatting
    ? 'Keep the debate going.'
    : awaitingContinue || revealing
      ? `Type ${CONTINUE_COMMAND} to reveal another player's take.`
      : 'Share your hottest take to get a verdict.';
  const hint = saving ? 'Saving your session...' : judging ? 'The judges are weighing your take...' : "Revealing another player's take...";

  return (
    <ChatView
      title={INFO.name}
      tagline={INFO.tagline}
      logsGame="hottakes"
      messages={messages}
      emojis={quickEmojisFor('hottakes')}
      placeholder={INFO.placeholder}
      inputDisabled={judging || revealing || saving}
      inputHint={hint}
      typingName={judging || revealing || reacting ? INFO.name : null}
      banner={
        <>
          <SoloProgress sent={sent} step={step} />
          {saveError ? (
            <SaveFailedBanner
              error={saveError}
              onRetry={() => actor.send({ type: 'BACK' })}
              onDismiss={() => actor.send({ type: 'DISMISS' })}
              onLeave={() => actor.send({ type: 'LEAVE' })}
            />
          ) : null}
        </>
      }
      onSend={(text) => actor.send({ type: 'SEND', text })}
      onEmoji={(emoji) => actor.send({ type: 'EMOJI', emoji })}
      onBack={() => actor.send({ type: 'BACK' })}
    />
  );
}
