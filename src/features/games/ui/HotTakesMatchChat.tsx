import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useGamesActors } from './GamesActors';
import { partnerPersonaWrote } from '../../../domain/aiAuthored';
import { avatarInitials } from '../../../domain/discover';
import { GAMES, quickEmojisFor } from '../../../domain/games';
import { messages as texts } from '../../../domain/messages';
import type { User } from '../../../domain/user';
import { selectReplying, selectSaveError } from '../../chat';
import { hotTakesMatchMachine } from '../machines/hotTakesMatch.machine';
import {
  inputEnabled,
  inputHint,
  loadingText,
  selectFinishPoints,
  selectFriendStatus,
  selectLeaveQuestion,
  selectPhase,
  selectResult,
  statusLine,
  type MatchResult,
} from '../machines/hotTakesMatch.view';
import { ChatView } from '../../chat/components';
import { PartnerProfileDialog } from './PartnerProfileDialog';
import { LeaveDebateDialog } from './LeaveDebateDialog';
import { SampleBadge } from '../../../shared/ui/SampleBadge';
import { inspectOptions } from '../../../shared/ui/inspect';
import '../../../shared/ui/styles/hotTakes.css';

const INFO = GAMES.hottakes;

interface PromptCardProps {
  partner: User;
  prompt: string;
  status: string;
  /** Once the debate is on, phones drop the status line so the conversation keeps the room. */
  compact: boolean;
  /** Shown beside the partner's name, e.g. 'AI opponent'. */
  partnerLabel?: string;
  /** The points ending now would record; null while the debate may not be ended. */
  finishPoints: number | null;
  onFinish: () => void;
  onOpenProfile: () => void;
}

function PromptCard({ partner, prompt, status, compact, partnerLabel, finishPoints, onFinish, onOpenProfile }: PromptCardProps) {
  const finishHintId = useId();
  const titleId = useId();
  return (
    <section className={`card hot-prompt${compact ? ' hot-prompt-compact' : ''}`} aria-labelledby={titleId}>
      <div className="hot-prompt-head">
        {/* The name comes from the hidden text, not aria-label, so the visible initials never contradict it. */}
        <button type="button" className="avatar hot-prompt-avatar" onClick={onOpenProfile}>
          <span aria-hidden="true">{avatarInitials(partner.username)}</span>
          <span className="visually-hidden">{`View ${partner.username}'s profile`}</span>
        </button>
        <div className="hot-prompt-who">
          <p className="hot-prompt-kicker">
            You vs <strong>{partner.username}</strong> {partnerLabel ? <span className="hot-prompt-label">{partnerLabel}</span> : null}{' '}
            <SampleBadge person={partner} />
          </p>
          <h2 id={titleId} className="hot-prompt-title">Today's debate</h2>
        </div>
        <span className="badge hot-prompt-badge" aria-hidden="true">🔥</span>
      </div>
      <p className="hot-prompt-text">{prompt}</p>
      <p className="hot-prompt-status" aria-live="polite">{status}</p>
      {finishPoints !== null ? (
        <div className="hot-finish">
          <p id={finishHintId} className="hot-finish-hint">{texts.hotTakes.finishHint(finishPoints)}</p>
          <button type="button" className="btn btn-small btn-primary" aria-describedby={finishHintId} onClick={onFinish}>
            {texts.hotTakes.finish}
          </button>
        </div>
      ) : null}
    </section>
  );
}

/** The end of a won debate: the points, then a new game or back to the games. Focus lands on its heading. */
function ResultCard({ result, onPlayAgain, onBackToGames }: { result: MatchResult; onPlayAgain: () => void; onBackToGames: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  return (
    <section className="card hot-result" aria-labelledby={headingId}>
      <p className="hot-result-badge" aria-hidden="true">🏆</p>
      <h2 id={headingId} ref={headingRef} className="hot-result-title" tabIndex={-1}>
        {texts.hotTakes.won(result.points)}
      </h2>
      <p className="hot-result-summary">{texts.hotTakes.wonSummary(result.partner, result.messageCount)}</p>
      {result.counted ? null : <p className="hot-result-pending" role="status">{texts.leaderboard.unsentGames(1)}</p>}
      <div className="hot-result-actions">
        <button type="button" className="btn btn-primary" onClick={onPlayAgain}>{texts.hotTakes.playAgain}</button>
        <button type="button" className="btn btn-outline" onClick={onBackToGames}>{texts.hotTakes.backToGames}</button>
      </div>
    </section>
  );
}

function LoadingCard({ text }: { text: string }) {
  return (
    <div className="card hot-loading" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <p>{text}</p>
    </div>
  );
}

function FailureCard({ error, actionLabel, onAction, onLeave }: { error: string; actionLabel: string; onAction: () => void; onLeave?: () => void }) {
  return (
    <div className="alert hot-failure" role="alert">
      <p>{error}</p>
      <div className="row">
        <button type="button" className="btn btn-small btn-primary" onClick={onAction}>{actionLabel}</button>
        {onLeave ? <button type="button" className="btn btn-small btn-danger" onClick={onLeave}>Leave without saving</button> : null}
      </div>
    </div>
  );
}

interface HotTakesMatchChatProps {
  /** Shown beside the partner's name on the debate card, e.g. 'AI opponent'; nothing by default. */
  partnerLabel?: string;
}

/** /games/hottakes/chat: the matched Hot Takes game (docs/product.md section 4) through the shared ChatView. */
export default function HotTakesMatchChat({ partnerLabel }: HotTakesMatchChatProps = {}) {
  const navigate = useNavigate();
  const { sources, hotTakesMatch } = useGamesActors();
  const actor = useActorRef(hotTakesMatchMachine.provide({ actors: hotTakesMatch.actors, actions: { goToGames: () => void navigate('/games') } }), {
    input: sources,
    ...inspectOptions(),
  });
  const phase = useSelector(actor, selectPhase);
  const replying = useSelector(actor, selectReplying);
  const messages = useSelector(actor, (s) => s.context.messages);
  const partner = useSelector(actor, (s) => s.context.partner);
  const prompt = useSelector(actor, (s) => s.context.prompt);
  const error = useSelector(actor, (s) => s.context.error);
  const saveError = useSelector(actor, selectSaveError);
  const friendStatus = useSelector(actor, selectFriendStatus);
  const friendNotice = useSelector(actor, (s) => s.context.friendNotice);
  const friendError = useSelector(actor, (s) => s.context.friendError);
  const round = useSelector(actor, (s) => s.context.round);
  const finishPoints = useSelector(actor, selectFinishPoints);
  const leaveQuestion = useSelector(actor, selectLeaveQuestion);
  const result = useSelector(actor, selectResult, (a, b) => a === b || (a !== null && b !== null && a.points === b.points && a.counted === b.counted && a.messageCount === b.messageCount));

  const openProfile = () => actor.send({ type: 'OPEN_PROFILE' });
  const name = partner?.username ?? '';
  const loading = loadingText(phase);

  let banner = null;
  if (result) {
    banner = <ResultCard result={result} onPlayAgain={() => actor.send({ type: 'PLAY_AGAIN' })} onBackToGames={() => actor.send({ type: 'BACK' })} />;
  } else if (loading) {
    banner = <LoadingCard text={loading} />;
  } else if (phase === 'failed' && error) {
    banner = <FailureCard error={error} actionLabel="Try again" onAction={() => actor.send({ type: 'RETRY' })} />;
  } else if (partner && prompt) {
    banner = (
      <>
        {saveError ? (
          <FailureCard error={saveError} actionLabel="Try saving again" onAction={() => actor.send({ type: 'BACK' })} onLeave={() => actor.send({ type: 'LEAVE' })} />
        ) : null}
        <PromptCard
          partner={partner}
          prompt={prompt}
          status={statusLine(phase, name)}
          compact={phase === 'conversation'}
          partnerLabel={partnerLabel}
          finishPoints={finishPoints}
          onFinish={() => actor.send({ type: 'FINISH' })}
          onOpenProfile={openProfile}
        />
      </>
    );
  }

  return (
    // A new game is a fresh chat screen: focus starts in the message box again, the draft and scroll are reset.
    <ChatView
      key={round}
      title={INFO.name}
      tagline={INFO.tagline}
      logsGame="hottakes"
      messages={messages}
      emojis={quickEmojisFor('hottakes')}
      placeholder={INFO.placeholder}
      inputDisabled={!inputEnabled(phase)}
      inputHint={inputHint(phase, name)}
      typingName={replying ? name : null}
      aiPersona={partnerPersonaWrote(name)}
      partner={partner ? { name, onOpenProfile: openProfile, person: partner } : undefined}
      banner={banner}
      onSend={(text) => actor.send({ type: 'SEND', text })}
      onEmoji={(emoji) => actor.send({ type: 'EMOJI', emoji })}
      onBack={() => actor.send({ type: 'BACK' })}
    >
      {partner && friendStatus ? (
        <PartnerProfileDialog
          partner={partner}
          status={friendStatus}
          notice={friendNotice}
          error={friendError}
          onAddFriend={() => actor.send({ type: 'ADD_FRIEND' })}
          onClose={() => actor.send({ type: 'CLOSE_PROFILE' })}
        />
      ) : null}
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
