import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ExplainedError } from '../../src/domain/explainedError';
import { explainLeaderboardFailure } from '../../src/features/games/actors/leaderboard.actors';
import { leaderboardMachine } from '../../src/features/games/machines/leaderboard.machine';
import type { LeaderboardEntry } from '../../src/domain/stats';
import { MemberApiError } from '../../src/shared/http/errors';
import { done, failed, isDone, isFailed, itCoversTheModel, type StateView } from '../support/modelTest';

const entries: LeaderboardEntry[] = [
  { id: 'user-current', username: 'me', isCurrentUser: true, stats: { totalPoints: 1250, gamesPlayed: 12, hotTakesScore: 850, friendsCount: 3, winRate: 65, streak: 5 } },
  { id: 'user-1', username: 'RiffLord', isCurrentUser: false, stats: { totalPoints: 900, gamesPlayed: 40, hotTakesScore: 1500, friendsCount: 9, winRate: 50, streak: 2 } },
];
// A member alone in a community, with two finished games still waiting on the device.
const alone: LeaderboardEntry[] = [
  { id: 'm-1', username: 'mira', isCurrentUser: true, stats: { totalPoints: 0, gamesPlayed: 0, hotTakesScore: 0, friendsCount: 0, winRate: 0, streak: 0 } },
];

type Step = { type: string; tab?: string; community?: string; output?: { entries: LeaderboardEntry[]; unsent: number }; error?: unknown };

function failure(cause: Error): ExplainedError {
  return new ExplainedError(explainLeaderboardFailure(cause), { cause });
}

// A variable, not an inline literal: testModel takes plain EventObjects and the payloads ride along.
const events = [
  done('loadBoard', { entries, unsent: 0 }),
  done('loadBoard', { entries: alone, unsent: 2 }),
  // As the real actor fails: the cause worded for the leaderboard.
  failed('loadBoard', failure(new Error('broken'))),
  failed('loadBoard', failure(new MemberApiError('OFFLINE'))),
  { type: 'SELECT_TAB', tab: 'games' },
  { type: 'SELECT_TAB', tab: 'points' },
  { type: 'SELECT_TAB', tab: 'nope' },
  { type: 'COMMUNITY', community: 'UW' },
  { type: 'COMMUNITY', community: 'All Communities' },
  { type: 'COMMUNITY', community: 'Atlantis' },
  { type: 'RETRY' },
];

const TABS = ['points', 'games', 'hottakes', 'friends'];
const FILTERS = ['All Communities', 'UW', 'Microsoft', 'Seattle'];

function stepsOf(view: StateView<typeof leaderboardMachine>): Step[] {
  return view.path.steps.map((s) => s.event as unknown as Step);
}

// docs/product.md §2: Total Points is the first tab; the header's filter starts at All Communities; unknown values are ignored.
function expected(view: StateView<typeof leaderboardMachine>) {
  const steps = stepsOf(view);
  const tab = steps.flatMap((s) => (s.type === 'SELECT_TAB' && TABS.includes(s.tab!) ? [s.tab!] : [])).at(-1) ?? 'points';
  const community = steps.flatMap((s) => (s.type === 'COMMUNITY' && FILTERS.includes(s.community!) ? [s.community!] : [])).at(-1) ?? 'All Communities';
  const loaded = steps.filter(isDone('loadBoard')).at(-1)?.output;
  return { tab, community, loaded };
}

function expectSelection(view: StateView<typeof leaderboardMachine>) {
  const { tab, community, loaded } = expected(view);
  expect(view.context.tab).toBe(tab);
  expect(view.context.community).toBe(community);
  // The last entries stay on screen while another tab or community loads, and after a failure.
  expect(view.context.entries).toEqual(loaded?.entries ?? []);
}

describe('leaderboard machine (model-based)', () => {
  itCoversTheModel('loads for the selected tab and community, again on every change, keeps the last entries meanwhile, retries after a failure', {
    machine: leaderboardMachine,
    limit: 200,
    events,
    states: {
      loading: (view) => {
        expectSelection(view);
        expect(view.context.error).toBeNull();
        const { tab, community } = expected(view);
        expect(view.env.pending.get('loadBoard')?.at(-1)?.input).toEqual({ tab, community });
      },
      ready: (view) => {
        expectSelection(view);
        expect(view.context.unsent).toBe(expected(view).loaded!.unsent);
        expect(view.context.error).toBeNull();
      },
      failed: (view) => {
        expectSelection(view);
        const error = stepsOf(view).filter(isFailed('loadBoard')).at(-1)!.error;
        expect(view.context.error).toBe(
          (error as ExplainedError).cause instanceof MemberApiError
            ? 'You appear to be offline. Please check your connection and try again.'
            : 'Could not load the leaderboard. Please try again.',
        );
      },
    },
  }, { states: 4, transitions: 5, guards: 2 });

  /** The board on the header's community (Seattle), its loads answered at once; `asked` lists what each load asked for. */
  function startOnSeattle() {
    const asked: unknown[] = [];
    const actor = createActor(
      leaderboardMachine.provide({
        actors: { loadBoard: fromPromise(async ({ input }) => (asked.push(input), { entries, unsent: 0 })) },
      }),
      { input: { community: 'Seattle' } },
    ).start();
    return { actor, asked };
  }

  it('starts on the community the header shows and asks for it', () => {
    const { actor, asked } = startOnSeattle();
    expect(asked).toEqual([{ tab: 'points', community: 'Seattle' }]);
    actor.stop();
  });

  it('does not load again for the tab or community already shown', async () => {
    const { actor, asked } = startOnSeattle();
    await waitFor(actor, (s) => !s.matches('loading'));
    actor.send({ type: 'SELECT_TAB', tab: 'points' });
    actor.send({ type: 'COMMUNITY', community: 'Seattle' });
    expect(actor.getSnapshot().matches('loading')).toBe(false);
    expect(asked).toEqual([{ tab: 'points', community: 'Seattle' }]);
    actor.stop();
  });
});
