import type { SnapshotFrom } from 'xstate';
import type { ChatMessage } from '../../../domain/chat';
import { welcomeMessage } from '../../../domain/chat';
import { GAMES } from '../../../domain/games';
import { gameAward, isWinningGame } from '../../../domain/gameAward';
import { debateTexts, liveTexts, type DebateView } from '../../../domain/liveContract';
import { messages as texts } from '../../../domain/messages';
import type { liveDebateMachine, PendingMessage } from './liveDebate.machine';

// What the live debate screen shows in each state of its machine: the phase, the chat as a list of
// messages (takes, SPEC's reveal line, the argument), the lines under the prompt and the input, and the
// result card. The screen only renders these.

type DebateSnapshot = SnapshotFrom<typeof liveDebateMachine>;

export type DebatePhase = 'searching' | 'writing' | 'waiting' | 'revealIntro' | 'revealTake' | 'talking' | 'ended' | 'aiOpponent';

export function selectDebatePhase(s: DebateSnapshot): DebatePhase {
  if (s.matches('aiOpponent')) return 'aiOpponent';
  if (s.matches('searching') || s.matches('left')) return 'searching';
  if (s.matches({ matched: 'waiting' })) return 'waiting';
  if (s.matches({ matched: { revealing: 'intro' } })) return 'revealIntro';
  if (s.matches({ matched: { revealing: 'take' } })) return 'revealTake';
  if (s.matches({ matched: 'talking' })) return 'talking';
  if (s.matches({ matched: 'ended' }) || s.matches('savingLog')) return 'ended';
  return 'writing';
}

/** Senders of the built list: 'user' is this member, 'system' the game's line, OPPONENT the other member. */
export const OPPONENT = 'opponent';

/** SPEC: input is disabled while matching and revealing; here also while waiting for the other take and after the end. */
export function debateInputEnabled(phase: DebatePhase): boolean {
  return phase === 'writing' || phase === 'talking';
}

export function debateInputHint(phase: DebatePhase, name: string): string {
  if (phase === 'searching') return debateTexts.searchingHint;
  if (phase === 'waiting') return debateTexts.waitingForTake(name);
  if (phase === 'revealIntro' || phase === 'revealTake') return debateTexts.revealing(name);
  if (phase === 'ended') return debateTexts.endedHint;
  return '';
}

/** The prompt card's line under the debate topic. */
export function debateStatusLine(phase: DebatePhase, name: string): string {
  if (phase === 'writing') return debateTexts.writeYourTake;
  if (phase === 'waiting') return debateTexts.waitingForTake(name);
  if (phase === 'revealIntro' || phase === 'revealTake') return debateTexts.revealing(name);
  return debateTexts.debateOn;
}

export interface DebateChat {
  debate: DebateView | null;
  sentTake: string | null;
  pending: readonly PendingMessage[];
  phase: DebatePhase;
}

function line(id: string, text: string, sender: string, at: string): ChatMessage {
  return { id, text, sender, timestamp: at, type: 'text' };
}

/**
 * The chat as this member sees it: the welcome, their take, then (as SPEC reveals them) 'Great! Here's
 * what {partner} said about this:' and the partner's take, then the argument and messages still on their way.
 */
export function debateChatMessages({ debate, sentTake, pending, phase }: DebateChat): ChatMessage[] {
  const at = new Date(0).toISOString();
  const list: ChatMessage[] = [welcomeMessage(GAMES.hottakes.welcome, 0)];
  if (!debate) return list;
  const opponentId = debate.opponent.id;
  const take = debate.yourTake ?? sentTake;
  if (take !== null) list.push(line('take-you', take, 'user', at));
  const revealed = debate.opponentTake !== null;
  const lineShown = revealed && phase !== 'writing' && phase !== 'waiting' && phase !== 'revealIntro';
  const takeShown = lineShown && phase !== 'revealTake';
  if (lineShown) list.push(line('reveal', debateTexts.revealLine(debate.opponent.username), 'system', at));
  if (takeShown) list.push(line('take-opponent', debate.opponentTake ?? '', OPPONENT, at));
  if (phase === 'talking' || phase === 'ended') {
    for (const m of debate.messages) list.push(line(`m-${m.id}`, m.text, m.from === opponentId ? OPPONENT : 'user', m.sentAt));
    for (const p of pending) list.push(line(`p-${p.clientId}`, p.text, 'user', at));
  }
  return list;
}

export interface DebateResultCard {
  heading: string;
  /** Who left, or that you did. */
  reason: string | null;
  outcome: string | null;
  won: boolean;
  messages: string | null;
}

export function debateResultCard(debate: DebateView | null, leftByMe: boolean, finishedByMe = false): DebateResultCard {
  const endedBy = debate?.endedBy ?? null;
  const reason = finishedByMe
    ? texts.liveDebate.youEnded
    : leftByMe || (debate && endedBy !== null && endedBy !== debate.opponent.id)
    ? debateTexts.youLeft
    : debate && endedBy === debate.opponent.id
      ? liveTexts.opponentLeft(debate.opponent.username)
      : null;
  const result = debate?.result ?? null;
  let outcome: string | null = null;
  if (result) {
    // The server reveals the other take only once both were written: only then was the debate played.
    const played = debate?.opponentTake != null;
    outcome = result.won ? debateTexts.won(result.points) : played ? debateTexts.notWon : debateTexts.notPlayed;
  }
  return { heading: liveTexts.debateEnded, reason, outcome, won: result?.won === true, messages: result ? debateTexts.messageCount(result.messageCount) : null };
}

/** The messages the server counts for the result: both takes and every stored message. */
export function debateMessageCount(debate: DebateView | null): number {
  if (!debate) return 0;
  return (debate.yourTake === null ? 0 : 1) + (debate.opponentTake === null ? 0 : 1) + debate.messages.length;
}

export interface DebateFinish {
  /** The rule, or once won what ending now records. */
  hint: string;
  /** 'End debate' is offered: the debate is won. */
  canFinish: boolean;
}

/** Under the prompt while the two argue: the points rule until the debate is won, then 'End debate' with its points. */
export function selectDebateFinish(s: DebateSnapshot): DebateFinish | null {
  if (!s.matches({ matched: 'talking' })) return null;
  const count = debateMessageCount(s.context.debate);
  return isWinningGame(count)
    ? { hint: texts.hotTakes.finishHint(gameAward(count)), canFinish: true }
    : { hint: texts.liveDebate.rule(count), canFinish: false };
}

/** What Back's question says leaving counts, as the server would count it now; null while it is closed. */
export function selectDebateLeaveQuestion(s: DebateSnapshot): string | null {
  if (!s.context.leaveAsked || !s.matches('matched') || s.matches({ matched: 'ended' })) return null;
  const count = debateMessageCount(s.context.debate);
  const partner = s.context.debate?.opponent.username ?? '';
  return s.matches({ matched: 'talking' }) && isWinningGame(count) ? texts.liveDebate.leaveWin(partner, gameAward(count)) : texts.liveDebate.leaveNothing(partner);
}
