import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { useNavigate } from 'react-router-dom';
import { avatarInitials } from '../../domain/discover';
import { GAMES, quickEmojisFor } from '../../domain/games';
import type { User } from '../../domain/user';
import { hotTakesMatchMachine } from '../../machines/hotTakesMatch.machine';
import ChatView from '../games/ChatView';
import { PartnerProfileDialog, type FriendStatus } from '../games/PartnerProfileDialog';
import { inspectOptions } from '../inspect';
import '../styles/hotTakes.css';

const INFO = GAMES.hottakes;

type Phase = 'matching' | 'prompting' | 'failed' | 'waitingForTake' | 'ready' | 'revealing' | 'conversation' | 'leaving' | 'saveFailed';

interface PromptCardProps {
  partner: User;
  prompt: string;
  status: string;
  /** Once the debate is on, phones drop the status line so the conversation keeps the room. */
  compact: boolean;
  onOpenProfile: () => void;
}

function PromptCard({ partner, prompt, status, compact, onOpenProfile }: PromptCardProps) {
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
          <p className="hot-prompt-kicker">You vs <strong>{partner.username}</strong></p>
          <h2 id={titleId} className="hot-prompt-title">Today's debate</h2>
        </div>
        <span className="badge hot-prompt-badge" aria-hidden="true">🔥</span>
      </div>
      <p className="hot-prompt-text">{prompt}</p>
      <p className="hot-prompt-status" aria-live="polite">{status}</p>
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

function statusLine(phase: Phase, name: string): string {
  if (phase === 'waitingForTake') return `${name} is writing their hot take. Yours is up next...`;
  if (phase === 'ready') return `${name}'s take is locked in. Drop yours below!`;
  if (phase === 'revealing') return `Here comes ${name}'s take!`;
  return 'Debate on! Defend your take.';
}

function inputHint(phase: Phase, name: string): string {
  if (phase === 'matching' || phase === 'prompting') return 'You can type once the game has loaded.';
  if (phase === 'failed') return 'The game could not start. Try again above.';
  if (phase === 'waitingForTake') return `Waiting for ${name}'s hot take...`;
  if (phase === 'revealing') return `Revealing ${name}'s take...`;
  if (phase === 'leaving') return 'Saving your game...';
  if (phase === 'saveFailed') return 'The game is over. Try saving again above.';
  return '';
}

/** /games/hottakes/chat: the matched Hot Takes game (docs/product.md section 4) through the shared ChatView. */
export default function HotTakesMatchChat() {
  const navigate = useNavigate();
  // No clock or random source passed: the machine's defaults are the live ones.
  const actor = useActorRef(hotTakesMatchMachine.provide({ actions: { goToGames: () => navigate('/games') } }), {
    input: {},
    ...inspectOptions(),
  });
  const phase = useSelector(actor, (s): Phase => {
    if (s.matches({ game: { playing: { loading: 'matching' } } })) return 'matching';
    if (s.matches({ game: { playing: { loading: 'prompting' } } })) return 'prompting';
    if (s.matches({ game: { playing: 'noPartner' } }) || s.matches({ game: { playing: 'failed' } })) return 'failed';
    if (s.matches({ game: { playing: { userResponse: 'waitingForTake' } } })) return 'waitingForTake';
    if (s.matches({ game: { playing: { userResponse: 'ready' } } })) return 'ready';
    if (s.matches({ game: { playing: 'revealing' } })) return 'revealing';
    if (s.matches({ game: { playing: 'conversation' } })) return 'conversation';
    if (s.matches({ game: 'saveFailed' })) return 'saveFailed';
    return 'leaving';
  });
  const replying = useSelector(
    actor,
    (s) => s.matches({ game: { playing: { conversation: 'firstReply' } } }) || s.matches({ game: { playing: { conversation: 'replying' } } }),
  );
  const messages = useSelector(actor, (s) => s.context.messages);
  const partner = useSelector(actor, (s) => s.context.partner);
  const prompt = useSelector(actor, (s) => s.context.prompt);
  const error = useSelector(actor, (s) => s.context.error);
  const friendStatus = useSelector(actor, (s): FriendStatus | null => {
    if (s.matches({ profile: 'closed' })) return null;
    if (s.matches({ profile: 'checking' })) return 'checking';
    if (s.matches({ profile: { open: 'friend' } })) return 'friend';
    if (s.matches({ profile: { open: 'adding' } })) return 'adding';
    return 'notFriend';
  });
  const friendNotice = useSelector(actor, (s) => s.context.friendNotice);
  const friendError = useSelector(actor, (s) => s.context.friendError);

  const openProfile = () => actor.send({ type: 'OPEN_PROFILE' });
  const name = partner?.username ?? '';
  const playing = phase === 'ready' || phase === 'conversation';

  let banner = null;
  if (phase === 'matching' || phase === 'prompting') {
    banner = <LoadingCard text={phase === 'matching' ? 'Finding you a debate partner...' : 'Cooking up a debate topic...'} />;
  } else if (phase === 'failed' && error) {
    banner = <FailureCard error={error} actionLabel="Try again" onAction={() => actor.send({ type: 'RETRY' })} />;
  } else if (partner && prompt) {
    banner = (
      <>
        {phase === 'saveFailed' && error ? (
          <FailureCard error={error} actionLabel="Try saving again" onAction={() => actor.send({ type: 'BACK' })} onLeave={() => actor.send({ type: 'LEAVE' })} />
        ) : null}
        <PromptCard partner={partner} prompt={prompt} status={statusLine(phase, name)} compact={phase === 'conversation'} onOpenProfile={openProfile} />
      </>
    );
  }

  return (
    <ChatView
      title={INFO.name}
      tagline={INFO.tagline}
      logsGame="hottakes"
      messages={messages}
      emojis={quickEmojisFor('hottakes')}
      placeholder={INFO.placeholder}
      inputDisabled={!playing}
      inputHint={inputHint(phase, name)}
      typingName={replying ? name : null}
      partner={partner ? { name, onOpenProfile: openProfile } : undefined}
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
    </ChatView>
  );
}
