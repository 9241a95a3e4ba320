// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { usersKey } from '../../src/shared/people/usersStore';
import { SAMPLE_USERS } from '../../src/domain/sampleUsers';
import { saveProfile } from '../../src/shared/storage/profile';
import { emptyProfile } from '../../src/domain/profile';
import { CommunityContext } from '../../src/features/discover/ui/CommunityContext';
import Leaderboard from '../../src/features/games/ui/Leaderboard';
import { WithChatGamesActors } from '../support/featureActors';
import { resetScreen } from '../support/screenTeardown';

function seedStats() {
  usersKey.write([...SAMPLE_USERS]);
  SAMPLE_USERS.forEach((u, i) => {
    localStorage.setItem(
      `leaderboard_stats_${u.id}`,
      JSON.stringify({ totalPoints: 500 + i * 100, gamesPlayed: 54 - i, hotTakesScore: 200 + ((i * 37) % 1400), friendsCount: 1 + (i % 20), winRate: 40 + i, streak: i % 15 }),
    );
  });
}

function bodyRows() {
  const table = screen.getByRole('table', { name: /Players ranked by/ });
  return within(table).getAllByRole('row').slice(1);
}

beforeEach(() => localStorage.clear());
afterEach(resetScreen);

describe('Leaderboard screen', () => {
  it('ranks everyone by the selected tab; the current user is marked (You) with contract defaults', async () => {
    seedStats();
    saveProfile({ ...emptyProfile(), username: 'Sky' });
    renderBoard();
    await screen.findByRole('table');
    expect(within(screen.getByRole('table')).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['#', 'Player', 'Score', 'Win Rate', 'Streak']);
    const rows = bodyRows();
    expect(rows).toHaveLength(26);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('ReggaeRay');
    expect(within(rows[0]!).getAllByRole('cell').map((c) => c.textContent)).toEqual(['1', '2,900', '64%', '9']);
    const me = rows.find((r) => r.textContent.includes('Sky (You)'))!;
    expect(within(me).getAllByRole('cell').map((c) => c.textContent)).toEqual(['18', '1,250', '65%', '5']);
    expect(screen.getByRole('list', { name: 'Top 3 by Total Points' })).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Your Stats Summary' });
    expect(within(summary).getByText('850')).toBeInTheDocument();
    expect(within(summary).getByText('You are #18 of 26 by Total Points.')).toBeInTheDocument();
  });

  it('is a real tablist: click or arrow keys select and focus the tab, and the table re-sorts', async () => {
    seedStats();
    const user = userEvent.setup();
    renderBoard();
    await screen.findByRole('table');
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Total Points', 'Games Played', 'Hot Takes', 'Friends']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Total Points');

    await user.click(tabs[1]!);
    expect(within(bodyRows()[0]!).getByRole('rowheader')).toHaveTextContent('RiffLord');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Hot Takes' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Hot Takes' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('Hot Takes');
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Friends' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Total Points' })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Friends' })).toHaveFocus();
    const scores = bodyRows().map((r) => Number(within(r).getAllByRole('cell')[1]!.textContent.replace(/,/g, '')));
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });

  it('creates missing stats once within contract ranges and keeps them', async () => {
    renderBoard();
    await screen.findByRole('table');
    const first = JSON.parse(localStorage.getItem('leaderboard_stats_user-7')!);
    expect(first.totalPoints).toBeGreaterThanOrEqual(500);
    expect(first.totalPoints).toBeLessThanOrEqual(3499);
    cleanup();
    renderBoard();
    await screen.findByRole('table');
    expect(JSON.parse(localStorage.getItem('leaderboard_stats_user-7')!)).toEqual(first);
  });
});

// The screen sits under the app layout, which holds the header's community filter.
function renderBoard() {
  return render(
    <CommunityContext.Provider>
      <WithChatGamesActors>
        <Leaderboard />
      </WithChatGamesActors>
    </CommunityContext.Provider>,
  );
}
