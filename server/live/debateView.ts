import { gameAward, isWinningGame } from '../../src/domain/gameAward';
import { DEBATE_MAX_MESSAGES, type DebateView } from '../../src/domain/liveContract';

// A Hot Takes debate as the server stores it, and as each of its two members is allowed to see it.

export interface DebateSide {
  id: string;
  username: string;
  take: string | null;
}

export interface DebateMessageRecord {
  id: string;
  clientId: string;
  from: string;
  text: string;
  sentAt: string;
}

export interface DebateRecord {
  id: string;
  prompt: string;
  sides: readonly [DebateSide, DebateSide];
  endedAt: Date | null;
  endedBy: string | null;
  messages: readonly DebateMessageRecord[];
}

export interface DebateOutcome {
  /** Both takes were written: the debate was played, so it counts as a game for both. */
  played: boolean;
  won: boolean;
  points: number;
  /** As SPEC counts the matched chat: the takes and every message after them. */
  messageCount: number;
}

/**
 * The same figures for both sides: more than 4 messages is a win worth 100 + 10 per message beyond 4.
 * Messages past DEBATE_MAX_MESSAGES (stored before the cap) do not count, so a debate is worth at most 2,080.
 */
export function debateOutcome(takes: number, messages: number): DebateOutcome {
  const messageCount = takes + Math.min(messages, DEBATE_MAX_MESSAGES);
  const played = takes === 2;
  const won = played && isWinningGame(messageCount);
  return { played, won, points: won ? gameAward(messageCount) : 0, messageCount };
}

/** What `memberId` sees: the opponent's take stays hidden until both have written theirs. */
export function debateViewFor(debate: DebateRecord, memberId: string): DebateView {
  const [first, second] = debate.sides;
  const [me, opponent] = first.id === memberId ? [first, second] : [second, first];
  const takes = (me.take === null ? 0 : 1) + (opponent.take === null ? 0 : 1);
  const revealed = takes === 2;
  const outcome = debateOutcome(takes, debate.messages.length);
  return {
    debateId: debate.id,
    prompt: debate.prompt,
    opponent: { id: opponent.id, username: opponent.username },
    phase: debate.endedAt !== null ? 'ended' : revealed ? 'revealed' : 'writing',
    yourTake: me.take,
    opponentTake: revealed ? opponent.take : null,
    messages: debate.messages.map((m) => ({ ...m })),
    endedBy: debate.endedBy,
    result: debate.endedAt === null ? null : { won: outcome.won, points: outcome.points, messageCount: outcome.messageCount },
  };
}
