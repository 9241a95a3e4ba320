import { describe, expect, it } from 'vitest';
import { leaderboardMachine } from '../../src/machines/leaderboard.machine';
import type { LeaderboardEntry } from '../../src/domain/stats';
import { testModel, type StateView } from '../support/modelTest';

const entries: LeaderboardEntry[] = [
  { id: 'user-current', username: 'me', isCurrentUser: true, stats: { totalPoints: 1250, gamesPlayed: 12, hotTakesScore: 850, friendsCount: 3, winRate: 65, streak: 5 } },
  { id: 'user-1', username: 'RiffLord', isCurrentUser: false, stats: { totalPoints: 900, gamesPlayed: 40, hotTakesScore: 1500, friendsCount: 9, winRate: 50, streak: 2 } },
];

// A variable, not an inline literal: testModel takes plain EventObjects and the payloads ride along.
const events = [
  { type: 'xstate.done.actor.loadLeaderboard', output: entries },
  { type: 'xstate.error.actor.loadLeaderboard', error: new Error('broken') },
  { type: 'SELECT_TAB', tab: 'games' },
  { type: 'SELECT_TAB', tab: 'friends' },
  { type: 'SELECT_TAB', tab: 'nope' },
  { type: 'RETRY' },
];

// docs/product.md §2: the tabs are Total Points (the first), Games Played, Hot Takes and Friends; anything else is ignored.
function expectTab({ context, path }: StateView<typeof leaderboardMachine>) {
  const picked = path.steps.flatMap((s) => (s.event.type === 'SELECT_TAB' ? [(s.event as unknown as { tab: string }).tab] : []));
  expect(context.tab).toBe(picked.filter((t) => t !== 'nope').at(-1) ?? 'points');
}

describe('leaderboard machine (model-based)', () => {
  it('reaches every state and transition; tabs switch in any state, unknown tabs are ignored', async () => {
    const report = await testModel({
      machine: leaderboardMachine,
      limit: 20,
      events,
      states: {
        loading: (view) => {
          expectTab(view);
          expect(view.env.pending.get('loadLeaderboard')).toHaveLength(1 + view.events.filter((e) => e === 'RETRY').length);
          expect(view.context.error).toBeNull();
        },
        ready: (view) => {
          expectTab(view);
          expect(view.context.entries).toEqual(entries);
          expect(view.context.error).toBeNull();
        },
        failed: (view) => {
          expectTab(view);
          expect(view.context.error).toBe('Could not load the leaderboard. Please try again.');
        },
      },
    });
    expect(report).toMatchObject({ states: 4, transitions: 4, guards: 1 });
  });
});
