import { useId } from 'react';
import { avatarInitials } from '../../../domain/discover';
import { debateTexts } from '../../../domain/liveContract';
import { messages as texts } from '../../../domain/messages';
import type { DebateFinish, DebateResultCard } from '../machines/liveDebate.view';
import '../../../shared/ui/styles/hotTakes.css';
import '../../../shared/ui/styles/liveDebate.css';

// The banners of the live Hot Takes debate, above its chat: the search, the prompt against a member, and
// the result once it has ended.

export function SearchingCard({ text }: { text: string }) {
  return (
    <div className="card hot-loading" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <p>{text}</p>
    </div>
  );
}

interface DebatePromptCardProps {
  opponent: string;
  prompt: string;
  status: string;
  /** Once the argument is on, phones drop the status line so the conversation keeps the room. */
  compact: boolean;
  /** While the two argue: the points rule, and 'End debate' once it is won. */
  finish: DebateFinish | null;
  onFinish: () => void;
}

export function DebatePromptCard({ opponent, prompt, status, compact, finish, onFinish }: DebatePromptCardProps) {
  const titleId = useId();
  const finishHintId = useId();
  return (
    <section className={`card hot-prompt${compact ? ' hot-prompt-compact' : ''}`} aria-labelledby={titleId}>
      <div className="hot-prompt-head">
        <span className="avatar hot-prompt-avatar" aria-hidden="true">{avatarInitials(opponent)}</span>
        <div className="hot-prompt-who">
          <p className="hot-prompt-kicker">You vs <strong>{opponent}</strong></p>
          <h2 id={titleId} className="hot-prompt-title">Today's debate</h2>
        </div>
        <span className="badge hot-prompt-badge" aria-hidden="true">🔥</span>
      </div>
      <p className="hot-prompt-text">{prompt}</p>
      <p className="hot-prompt-status" aria-live="polite">{status}</p>
      {finish ? (
        <div className="hot-finish">
          <p id={finishHintId} className="hot-finish-hint" aria-live="polite">{finish.hint}</p>
          {finish.canFinish ? (
            <button type="button" className="btn btn-small btn-primary" aria-describedby={finishHintId} onClick={onFinish}>
              {texts.hotTakes.finish}
            </button>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}

/** `onBack` leaves as the header's Back does (the chat is kept in the logs first). */
export function DebateResult({ card, onBack }: { card: DebateResultCard; onBack: () => void }) {
  const titleId = useId();
  return (
    <section className="card debate-result" aria-labelledby={titleId} role="status">
      <h2 id={titleId} className="debate-result-title">{card.heading}</h2>
      {card.reason ? <p className="debate-result-reason">{card.reason}</p> : null}
      {card.outcome ? <p className={`debate-result-outcome${card.won ? ' is-won' : ''}`}>{card.outcome}</p> : null}
      {card.messages ? <p className="debate-result-count">{card.messages}</p> : null}
      <button type="button" className="btn btn-small btn-primary debate-result-back" onClick={onBack}>{debateTexts.backToGames}</button>
    </section>
  );
}
