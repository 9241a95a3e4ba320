import type { ReactNode } from 'react';
import { avatarInitials } from '../../../domain/discover';
import { BackIcon } from '../../../shared/ui/Icons';
import { PersonActions, type PersonMenuAction } from '../../safety/components';
import { SampleBadge } from '../../../shared/ui/SampleBadge';
import type { ChatPartner } from './chatViewProps';
import { ChatBubbleIcon, LogsIcon } from './ChatIcons';

interface ChatHeaderProps {
  title: string;
  tagline: string;
  partner?: ChatPartner;
  /** Beside the title, e.g. a member friend's online dot. */
  status?: ReactNode;
  showingLogs: boolean;
  onBack: () => void;
  /** Absent for a chat without saved logs (a member chat): no 'View Chat Logs' button. */
  onToggleLogs?: () => void;
  /** Items the partner's More actions menu offers before Report and Block (a member chat's 'Mute' or 'Unmute'). */
  moreActions?: readonly PersonMenuAction[];
}

function PartnerAvatar({ partner }: { partner: ChatPartner }) {
  const initials = avatarInitials(partner.name);
  if (partner.onOpenProfile) {
    return (
      // The name comes from hidden text, not aria-label: a label that leaves out the visible initials fails
      // WCAG's label-in-name rule (axe: label-content-name-mismatch).
      <button type="button" className="avatar chat-avatar chat-avatar-button" onClick={partner.onOpenProfile}>
        <span aria-hidden="true">{initials}</span>
        <span className="visually-hidden">{`View ${partner.name}'s profile`}</span>
      </button>
    );
  }
  return (
    <span className="avatar chat-avatar" role="img" aria-label={`Chatting with ${partner.name}`}>
      {initials}
    </span>
  );
}

export function ChatHeader({ title, tagline, partner, status, showingLogs, onBack, onToggleLogs, moreActions }: ChatHeaderProps) {
  return (
    <header className="chat-header">
      <button type="button" className="chat-icon-button" onClick={onBack} aria-label="Back">
        <BackIcon width={22} height={22} />
      </button>
      {partner && <PartnerAvatar partner={partner} />}
      <div className="chat-heading">
        <div className="name-with-badge">
          <h1 className="chat-title">{title}</h1>
          {/* Beside the title only when the title is the person's name (a game's title is not a person). */}
          {partner?.person && partner.name === title ? <SampleBadge person={partner.person} /> : null}
          {status}
        </div>
        <p className="chat-tagline">{tagline}</p>
      </div>
      {partner?.person ? <PersonActions person={{ ...partner.person, username: partner.name }} about={partner.reportAbout} extraActions={moreActions} /> : null}
      {onToggleLogs ? (
        <button type="button" className="btn btn-outline btn-small chat-logs-toggle" onClick={onToggleLogs}>
          {showingLogs ? <ChatBubbleIcon /> : <LogsIcon />}
          <span>{showingLogs ? 'Back to Chat' : 'View Chat Logs'}</span>
        </button>
      ) : null}
    </header>
  );
}
