import type { SnapshotFrom } from 'xstate';
import { gameAward, isWinningGame } from '../../../domain/gameAward';
import { debateTexts, liveTexts, type DebateView } from '../../../domain/liveContract';
import { messages as texts } from '../../../domain/messages';
import { debateMessageCount, type DebatePhase } from './debateChat';
import type { liveDebateMachine } from './liveDebate.machine';

export { debateChatMessages, OPPONENT, type DebatePhase } from './debateChat';

// What the live debate screen shows in each state of its machine: the phase, the chat as a list of
// messages (takes, SPEC's reveal line, the argument), the lines under the prompt and the input, and the
// result card. The screen only renders these.

type DebateSnapshot = SnapshotFrom<typeof liveDebateMachine>;

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

/** SPEC: input is disabled while matching and revealing; here also while waiting for the other take and after the end. */
export function debateInputEnabled(phase: DebatePhase): boolean {
  return phase === 'writing' || phase === 'talking';
}

/**
 * The quick emojis are messages of the debate, and the server stores messages only once both takes are in:
 * while the take is written they stay disabled (an emoji is a reaction, never a take).
 */
export function debateEmojisEnabled(phase: DebatePhase): boolean {
  return phase === 'talking';
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
