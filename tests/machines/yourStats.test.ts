// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { ExplainedError } from '../../src/domain/explainedError';
import { explainYourStatsFailure, readKnownYourStatsOf } from '../../src/features/games/actors/yourStats.actors';
import { yourStatsMachine } from '../../src/features/games/machines/yourStats.machine';
import { MemberApiError } from '../../src/shared/http/errors';
import { createViewerSource } from '../../src/shared/session/viewer';
import { done, failed, isDone, isSettled, testModel, type StateView } from '../support/modelTest';

// The Games hub's 'Your Stats': docs/product.md's fixed 0 and 0 for a guest, shown at once; a member's last
// known figures shown at once, then the server's.

const fresh = { gamesPlayed: 1, totalPoints: 110, unsent: 0 };
type Step = { type: string; output?: unknown; error?: unknown };

function failure(cause: MemberApiError): ExplainedError {
  return new ExplainedError(explainYourStatsFailure(cause), { cause });
}
const viewer = createViewerSource();
const input = { readKnown: readKnownYourStatsOf(viewer) };

const events = [
  done('loadYourStats', fresh),
  // As the real actor fails: the server's error worded for the hub.
  failed('loadYourStats', failure(new MemberApiError('OFFLINE'))),
  failed('loadYourStats', failure(new MemberApiError('SERVER', { status: 500 }))),
  { type: 'RETRY' },
];

function stepsOf(view: StateView<typeof yourStatsMachine>): Step[] {
  return view.path.steps.map((s) => s.event as unknown as Step);
}

/** `shownAtOnce`: the figures before any load; `waiting`: this viewer's finished games on the device. */
function states(shownAtOnce: { gamesPlayed: number; totalPoints: number; unsent: number } | null, waiting: number) {
  const shown = (view: StateView<typeof yourStatsMachine>) =>
    stepsOf(view).filter(isDone('loadYourStats')).at(-1)?.output ?? shownAtOnce;
  return {
    loading: (view: StateView<typeof yourStatsMachine>) => {
      expect(view.context.stats).toEqual(shown(view));
      // What the last answer said: a load's count, a failure's count of the device, or what was known at once.
      const lastAnswer = stepsOf(view).filter(isSettled('loadYourStats')).at(-1);
      expect(view.context.unsent).toBe(lastAnswer ? (isDone()(lastAnswer) ? 0 : waiting) : (shownAtOnce?.unsent ?? 0));
      expect(view.context.error).toBeNull();
      expect(view.env.pending.get('loadYourStats')).toHaveLength(1 + view.events.filter((e) => e === 'RETRY').length);
    },
    ready: (view: StateView<typeof yourStatsMachine>) => {
      expect(view.context.stats).toEqual(fresh);
      expect(view.context.unsent).toBe(0);
      expect(view.context.error).toBeNull();
    },
    failed: (view: StateView<typeof yourStatsMachine>) => {
      expect(view.context.stats).toEqual(shown(view));
      // Known even when the figures are not: the games still waiting on the device.
      expect(view.context.unsent).toBe(waiting);
      const error = ((view.last as Step).error as ExplainedError).cause as MemberApiError;
      expect(view.context.error).toBe(
        error.code === 'OFFLINE'
          ? 'You appear to be offline. Please check your connection and try again.'
          : 'Could not load your stats. Please try again.',
      );
    },
  };
}

afterEach(() => {
  localStorage.clear();
  viewer.withdraw();
});

describe('your stats machine (model-based)', () => {
  it("shows a guest's fixed zeros at once, then what the load answers; failures keep them and offer a retry", async () => {
    viewer.announce({ kind: 'guest' });
    const report = await testModel({ machine: yourStatsMachine, input, limit: 20, events, states: states({ gamesPlayed: 0, totalPoints: 0, unsent: 0 }, 0) });
    expect(report).toMatchObject({ states: 4, transitions: 3, guards: 0 });
  });

  it("shows a member's last known figures at once, and nothing for another member's", async () => {
    viewer.announce({ kind: 'member', memberId: 'm-1' });
    localStorage.setItem(
      'member_stats',
      JSON.stringify({ memberId: 'm-1', stats: { totalPoints: 230, gamesPlayed: 2, hotTakesScore: 230, friendsCount: 1, winRate: 100, streak: 2 } }),
    );
    localStorage.setItem('member_pending_results', JSON.stringify([{ memberId: 'm-1', game: 'hottakes', messageCount: 6, finishedAt: 5 }]));
    await testModel({ machine: yourStatsMachine, input, limit: 20, events, states: states({ gamesPlayed: 2, totalPoints: 230, unsent: 1 }, 1) });

    viewer.announce({ kind: 'member', memberId: 'm-2' });
    await testModel({ machine: yourStatsMachine, input, limit: 20, events, states: states(null, 0) });
  });

  it("counts a member's waiting games when the figures cannot be loaded and none were known", async () => {
    viewer.announce({ kind: 'member', memberId: 'm-3' });
    localStorage.setItem('member_pending_results', JSON.stringify([
      { memberId: 'm-3', game: 'hottakes', messageCount: 6, finishedAt: 5 },
      { memberId: 'm-3', game: 'hottakes', messageCount: 8, finishedAt: 9 },
    ]));
    await testModel({ machine: yourStatsMachine, input, limit: 20, events, states: states(null, 2) });
  });
});
