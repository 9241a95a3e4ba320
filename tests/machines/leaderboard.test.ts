import { describe, expect, it } from 'vitest';
import { leaderboardMachine } from '../../src/machines/leaderboard.machine';
import { messages } from '../../src/domain/messages';
import type { LeaderboardEntry } from '../../src/domain/stats';
import { runModel } from '../support/modelTest';

const entries: LeaderboardEntry[] = [
  { id: 'user-current', username: 'me', isCurrentUser: true, stats: { totalPoints: 1250, gamesPlayed: 12, hotTakesScore: 850, friendsCount: 3, winRate: 65, streak: 5 } },
  { id: 'user-1', username: 'RiffLord', isCurrentUser: false, stats: { totalPoints: 900, gamesPlayed: 40, hotTakesScore: 1500, friendsCount: 9, winRate: 50, streak: 2 } },
];

// A variable, not an inline literal: runModel takes plain EventObjects and the payloads ride along.
const events = [
  { type: 'xstate.done.actor.loadLeaderboard', output: entries },
  { type: 'xstate.error.actor.loadLeaderboard', error: new Error('broken') },
  { type: 'SELECT_TAB', tab: 'games' },
  { type: 'SELECT_TAB', tab: 'friends' },
  { type: 'SELECT_TAB', tab: 'nope' },
  { type: 'RETRY' },
];

describe('leaderboard machine (model-based)', () => {
  it('reaches every state and transition; tabs switch in any state, unknown tabs are ignored', async () => {
    const count = await runModel({
      machine: leaderboardMachine,
      events,
      check: ({ snapshot, path }) => {
        const tabs = path.steps.flatMap((s) => (s.event.type === 'SELECT_TAB' ? [(s.event as unknown as { tab: string }).tab] : []));
        const known = tabs.filter((t) => t !== 'nope');
        expect(snapshot.context.tab).toBe(known.at(-1) ?? 'points');
        if (snapshot.matches('ready')) expect(snapshot.context.entries).toEqual(entries);
        if (snapshot.matches('failed')) expect(snapshot.context.error).toBe(messages.social.leaderboardLoadFailed);
      },
    });
    expect(count).toBeGreaterThan(4);
  });
});
