import { useEffect, useId, useRef } from 'react';
import { avatarInitials } from '../../../domain/discover';
import type { User } from '../../../domain/user';
import { ModalDialog } from '../../../shared/ui/ModalDialog';
import { PersonActions } from '../../safety/components';
import { SampleBadge } from '../../../shared/ui/SampleBadge';
import type { FriendStatus } from '../machines/hotTakesMatch.view';
import '../../../shared/ui/styles/hotTakes.css';

interface PartnerProfileDialogProps {
  partner: User;
  status: FriendStatus;
  notice: string | null;
  error: string | null;
  onAddFriend: () => void;
  onClose: () => void;
}

function friendButtonLabel(status: FriendStatus): string {
  if (status === 'friend') return 'Already Friends';
  if (status === 'adding') return 'Adding...';
  if (status === 'checking') return 'Checking...';
  return 'Add Friend';
}

/**
 * The matched partner's profile (docs/product.md section 2) on the shared ModalDialog, so the browser keeps
 * focus inside and the chat behind inert. Focus starts on the friend button and returns to the avatar on close.
 */
export function PartnerProfileDialog({ partner, status, notice, error, onAddFriend, onClose }: PartnerProfileDialogProps) {
  const friendRef = useRef<HTMLButtonElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const aboutId = useId();
  const errorId = useId();

  // A disabled button drops focus to the page: once the friend button locks, Close takes focus instead.
  const locked = status === 'friend' || status === 'adding' || status === 'checking';
  useEffect(() => {
    const active = document.activeElement;
    if (locked && (active === document.body || active === friendRef.current)) closeRef.current?.focus();
  }, [locked]);

  return (
    <ModalDialog
      className="partner-dialog"
      labelledBy={titleId}
      describedBy={aboutId}
      initialFocus={() => (friendRef.current?.disabled ? closeRef.current : friendRef.current)}
      onDismiss={onClose}
    >
      <div className="partner-dialog-head">
        <span className="avatar partner-dialog-avatar" aria-hidden="true">{avatarInitials(partner.username)}</span>
        <div>
          <div className="name-with-badge">
            <h2 id={titleId} className="partner-dialog-name">{partner.username}</h2>
            <SampleBadge person={partner} />
            <PersonActions person={partner} />
          </div>
          <p className="partner-dialog-kicker">Your Hot Takes opponent</p>
        </div>
      </div>

      <section className="partner-dialog-section" aria-labelledby={`${titleId}-personality`}>
        <h3 id={`${titleId}-personality`}>Personality</h3>
        <p id={aboutId}>{partner.personality?.trim() || 'A mystery. They keep their personality to themselves.'}</p>
      </section>

      <section className="partner-dialog-section" aria-labelledby={`${titleId}-interests`}>
        <h3 id={`${titleId}-interests`}>Interests</h3>
        {partner.interests.length > 0 ? (
          <ul className="partner-dialog-interests">
            {partner.interests.map((interest) => (
              <li key={interest} className="chip">{interest}</li>
            ))}
          </ul>
        ) : (
          <p className="muted">No interests listed yet.</p>
        )}
      </section>

      <p className="partner-dialog-notice" role="status" aria-live="polite">{notice ?? ''}</p>
      {error ? <p id={errorId} className="alert" role="alert">{error}</p> : null}

      <div className="modal-dialog-actions">
        <button ref={closeRef} type="button" className="btn btn-outline" onClick={onClose}>Close</button>
        <button
          ref={friendRef}
          type="button"
          className={`btn ${status === 'friend' ? 'btn-outline partner-dialog-friends' : 'btn-primary'}`}
          onClick={onAddFriend}
          disabled={locked}
          aria-busy={status === 'adding' || status === 'checking' || undefined}
          aria-describedby={error ? errorId : undefined}
        >
          {friendButtonLabel(status)}
        </button>
      </div>
    </ModalDialog>
  );
}
