import type { ChatMessage } from '../../../domain/chat';
import { welcomeMessage } from '../../../domain/chat';
import { GAMES } from '../../../domain/games';
import { debateTexts, type DebateView } from '../../../domain/liveContract';

// The live debate's chat as the member sees it and as the server counts it: what both the machine (the log
// it saves, whether the debate is won) and the screen's view (liveDebate.view.ts) build on.

export type DebatePhase = 'searching' | 'writing' | 'waiting' | 'revealIntro' | 'revealTake' | 'talking' | 'ended' | 'aiOpponent';

/** Senders of the built list: 'user' is this member, 'system' the game's line, OPPONENT the other member. */
export const OPPONENT = 'opponent';

export interface DebateChat {
  debate: DebateView | null;
  sentTake: string | null;
  /** Mine, sent but not yet in the server's state: shown at once, resent after a reconnect. Each one's id is its client id. */
  pending: readonly ChatMessage[];
  phase: DebatePhase;
}

// Lines the server has not stored have no time of their own; the chat's order is the list's.
const UNSTORED = new Date(0).toISOString();

function line(id: string, text: string, sender: string, at = UNSTORED): ChatMessage {
  return { id, text, sender, timestamp: at, type: 'text' };
}

/** A message of mine as it is sent, before the server stores it. */
export function pendingLine(clientId: string, text: string): ChatMessage {
  return line(clientId, text, 'user');
}

/**
 * The chat as this member sees it: the welcome, their take, then (as SPEC reveals them) 'Great! Here's
 * what {partner} said about this:' and the partner's take, then the argument and messages still on their way.
 */
export function debateChatMessages({ debate, sentTake, pending, phase }: DebateChat): ChatMessage[] {
  const list: ChatMessage[] = [welcomeMessage(GAMES.hottakes.welcome, 0)];
  if (!debate) return list;
  const opponentId = debate.opponent.id;
  const take = debate.yourTake ?? sentTake;
  if (take !== null) list.push(line('take-you', take, 'user'));
  const revealed = debate.opponentTake !== null;
  const lineShown = revealed && phase !== 'writing' && phase !== 'waiting' && phase !== 'revealIntro';
  const takeShown = lineShown && phase !== 'revealTake';
  if (lineShown) list.push(line('reveal', debateTexts.revealLine(debate.opponent.username), 'system'));
  if (takeShown) list.push(line('take-opponent', debate.opponentTake ?? '', OPPONENT));
  if (phase === 'talking' || phase === 'ended') {
    for (const m of debate.messages) list.push(line(`m-${m.id}`, m.text, m.from === opponentId ? OPPONENT : 'user', m.sentAt));
    list.push(...pending);
  }
  return list;
}

/** The messages the server counts for the result: both takes and every stored message. */
export function debateMessageCount(debate: DebateView | null): number {
  if (!debate) return 0;
  return (debate.yourTake === null ? 0 : 1) + (debate.opponentTake === null ? 0 : 1) + debate.messages.length;
}
