import { useActorRef, useSelector } from '@xstate/react';
import { lazy, useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import type { CallbackActorLogic } from 'xstate';
import type { ChatMessage } from '../../../domain/chat';
import { GAMES, quickEmojisFor } from '../../../domain/games';
import { liveTexts } from '../../../domain/liveContract';
import type { LiveCommand } from '../../live';
import { liveDebateMachine } from '../machines/liveDebate.machine';
import {
  debateChatMessages,
  debateEmojisEnabled,
  debateInputEnabled,
  debateInputHint,
  debateResultCard,
  debateStatusLine,
  OPPONENT,
  selectDebateFinish,
  selectDebateLeaveQuestion,
  selectDebatePhase,
} from '../machines/liveDebate.view';
import { LeaveDebateDialog } from './LeaveDebateDialog';
import { useGamesActors } from './GamesActors';
import { ChatView } from '../../chat/components';
import { DebatePromptCard, DebateResult, SearchingCard } from './DebateCards';
import { inspectOptions } from '../../../shared/ui/inspect';

// With nobody to debate within 10 s the AI chat takes the seat, labelled 'AI opponent'.
const HotTakesMatchChat = lazy(() => import('./HotTakesMatchChat'));

const INFO = GAMES.hottakes;

/** /games/hottakes/chat for a member: Hot Takes against another member over the live channel. */
export default function LiveDebateChat({ liveLink }: { liveLink: CallbackActorLogic<LiveCommand> }) {
  const navigate = useNavigate();
  const { liveDebate } = useGamesActors();
  const actor = useActorRef(
    liveDebateMachine.provide({ actors: { ...liveDebate.actors, liveLink }, actions: { goToGames: () => void navigate('/games') } }),
    // A fresh id per screen, so the client ids of its messages never repeat across reloads.
    { input: { instanceId: crypto.randomUUID() }, ...inspectOptions() },
  );
  const phase = useSelector(actor, selectDebatePhase);
  const debate = useSelector(actor, (s) => s.context.debate);
  const sentTake = useSelector(actor, (s) => s.context.sentTake);
  const pending = useSelector(actor, (s) => s.context.pending);
  const leftByMe = useSelector(actor, (s) => s.context.leftByMe);
  const finishedByMe = useSelector(actor, (s) => s.context.finishedByMe);
  const finish = useSelector(actor, selectDebateFinish, (a, b) => a === b || (a !== null && b !== null && a.hint === b.hint && a.canFinish === b.canFinish));
  const leaveQuestion = useSelector(actor, selectDebateLeaveQuestion);
  const messages = useMemo(() => debateChatMessages({ debate, sentTake, pending, phase }), [debate, sentTake, pending, phase]);
  const name = debate?.opponent.username ?? '';
  const senderName = useCallback(
    (message: ChatMessage) => {
      if (message.sender === 'user') return 'You';
      if (message.sender === OPPONENT) return name;
      return message.sender === 'system' ? 'Game' : INFO.name;
    },
    [name],
  );

  if (phase === 'aiOpponent') return <HotTakesMatchChat partnerLabel={liveTexts.aiOpponent} />;

  let banner = null;
  if (phase === 'searching') banner = <SearchingCard text={liveTexts.findingOpponent} />;
  // Once it has ended the result takes the prompt's place, so a phone keeps room for the conversation.
  else if (debate && phase === 'ended') banner = <DebateResult card={debateResultCard(debate, leftByMe, finishedByMe)} onBack={() => actor.send({ type: 'BACK' })} />;
  else if (debate) {
    banner = (
      <DebatePromptCard
        opponent={name}
        prompt={debate.prompt}
        status={debateStatusLine(phase, name)}
        compact={phase === 'talking'}
        finish={finish}
        onFinish={() => actor.send({ type: 'FINISH' })}
      />
    );
  }

  return (
    <ChatView
      title={INFO.name}
      tagline={INFO.tagline}
      logsGame="hottakes"
      messages={messages}
      senderName={senderName}
      emojis={quickEmojisFor('hottakes')}
      placeholder={INFO.placeholder}
      inputDisabled={!debateInputEnabled(phase)}
      emojisDisabled={!debateEmojisEnabled(phase)}
      inputHint={debateInputHint(phase, name)}
      partner={debate ? { name, person: { id: debate.opponent.id, kind: 'member' }, reportAbout: { source: 'debate', debateId: debate.debateId } } : undefined}
      banner={banner}
      onSend={(text) => actor.send({ type: 'SEND', text })}
      onEmoji={(emoji) => actor.send({ type: 'EMOJI', emoji })}
      onBack={() => actor.send({ type: 'BACK' })}
    >
      {leaveQuestion ? (
        <LeaveDebateDialog
          question={leaveQuestion}
          onLeave={() => actor.send({ type: 'CONFIRM_LEAVE' })}
          onStay={() => actor.send({ type: 'CANCEL_LEAVE' })}
        />
      ) : null}
    </ChatView>
  );
}
