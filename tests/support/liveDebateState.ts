import type { DebateView } from '../../src/domain/liveContract';

/**
 * A debate as `debate.state` carries it right after the match (docs/api.md, "Hot Takes debates over /api/live"): both still
 * writing, no take, no message, not ended, no result; the given fields over that.
 */
export function debateJustMatched(fields: Pick<DebateView, 'debateId' | 'prompt' | 'opponent'> & Partial<DebateView>): DebateView {
  return {
    phase: 'writing',
    yourTake: null,
    opponentTake: null,
    messages: [],
    endedBy: null,
    result: null,
    ...fields,
  };
}
