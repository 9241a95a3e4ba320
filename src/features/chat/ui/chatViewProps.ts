import type { ReactNode } from 'react';
import type { AiAuthorship } from '../../../domain/aiAuthored';
import type { ChatMessage } from '../../../domain/chat';
import type { GameId } from '../../../domain/games';
import type { ReportAbout } from '../../../domain/reportEvidence';
import type { PersonKind } from '../../../domain/socialContract';

// The contract of the one chat screen every chat renders (docs/product.md section 2, "Chat screens"): the bot
// games, Emoji Story, the Hot Takes matched and solo chats and friend chat. Each chat's screen runs its own
// machine and passes what it shows through these props; ChatView owns only presentation, the draft text,
// auto-scroll and the chat/logs toggle (a chatLogs machine inside it).

export interface ChatPartner {
  name: string;
  /** Opens the partner's profile dialog (matched Hot Takes chat); absent elsewhere, so the avatar is not a button. */
  onOpenProfile?: () => void;
  /** Who the partner is: a sample person's header carries the 'Sample' badge; a member's offers block and report. */
  person?: { id: string; kind?: PersonKind };
  /** What a report from the header is about beyond the person (a live debate). */
  reportAbout?: ReportAbout;
}

export interface ChatViewProps {
  /** Header: the chat's title (game title, or the friend's name) and its tagline. */
  title: string;
  tagline: string;
  /** Whose logs 'View Chat Logs' shows: the `{game}_chat_logs` list. */
  logsGame: GameId;
  messages: readonly ChatMessage[];
  /** Display name per sender; defaults: 'user' → 'You', 'other' → the title, 'system' → 'Game'. */
  senderName?: (message: ChatMessage) => string;
  emojis: readonly string[];
  placeholder: string;
  /** Input, send and emoji buttons are disabled (loading, revealing, waiting for the partner's take). */
  inputDisabled?: boolean;
  /** The emoji buttons alone are disabled (default: as the input), for a phase that takes text but no reactions. */
  emojisDisabled?: boolean;
  /** Why the input is disabled, announced and shown under the input, e.g. 'Waiting for RiffLord's hot take...'. */
  inputHint?: string;
  /** A reply is on its way: shows '{name} is typing...' at the end of the list. */
  typingName?: string | null;
  /** Which messages the AI wrote in a persona (marked 'AI persona'); none when absent. */
  aiPersona?: AiAuthorship;
  partner?: ChatPartner;
  /** Shown above the messages, e.g. the Hot Takes prompt card or a load-failure alert. */
  banner?: ReactNode;
  /** Called with the text exactly as typed (untrimmed); ChatView only calls it for non-blank text, then clears the draft. */
  onSend: (text: string) => void;
  onEmoji: (emoji: string) => void;
  onBack: () => void;
  /** Anything the chat's screen renders on top (e.g. the partner profile dialog). */
  children?: ReactNode;
}
