// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { GameId } from '../../src/domain/games';
import GamesHub from '../../src/features/games/ui/GamesHub';
import { WithChatGamesActors } from '../support/featureActors';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderHub() {
  render(
    <MemoryRouter initialEntries={['/games']}>
      <WithChatGamesActors>
        <Routes>
          <Route path="/games" element={<GamesHub />} />
          <Route path="*" element={<h1>Elsewhere</h1>} />
        </Routes>
      </WithChatGamesActors>
      <Where />
    </MemoryRouter>,
  );
}

const where = () => screen.getByTestId('where').textContent;

afterEach(cleanup);

const PLAYABLE: [string, GameId[]][] = [
  ['General', ['hottakes', 'emojistory']],
  ['Spotify', ['guiltypleasure', 'killmyvibe', 'hottakesfm', 'twotruthsvibe']],
  ['Steam', ['firstbestforever', 'patchnotes', 'fightclub', 'inventorydrop']],
];

// Each playable game's name and tagline on its tile.
const TILES: Record<string, [name: string, tagline: string]> = {
  hottakes: ['Hot Takes', 'Drop a spicy opinion and defend it'],
  emojistory: ['Emoji Story', 'Tell a story together, one emoji at a time'],
  guiltypleasure: ['Guilty Pleasure Guess', 'Share a secret song and guess theirs'],
  killmyvibe: ['Kill My Vibe', 'Share your music taste and get roasted'],
  hottakesfm: ['Hot Takes FM', 'React to controversial music opinions with ❤️ or 💀'],
  twotruthsvibe: ['Two Truths and a Vibe', 'Guess which music fact is fake'],
  firstbestforever: ['First Best Forever', 'Your first, best and forever games'],
  patchnotes: ['Patch Notes', 'Write funny update notes for your games'],
  fightclub: ['Fight Club', 'Which character would win in a fight?'],
  inventorydrop: ['Inventory Drop', 'Drop imaginary items for your friends'],
};

describe('Games hub', () => {
  it("lists docs/product.md's four groups in order, each playable game linking to its intro", () => {
    renderHub();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'General',
      'Spotify',
      'Steam',
      'Trakt',
      'Your Stats',
    ]);
    for (const [group, ids] of PLAYABLE) {
      const region = screen.getByRole('region', { name: group });
      const links = within(region).getAllByRole('link');
      expect(links).toHaveLength(ids.length);
      links.forEach((link, i) => expect(link).toHaveAccessibleName(TILES[ids[i]!]![0]));
      expect(links.map((l) => l.getAttribute('href'))).toEqual(ids.map((id) => `/games/${id}/anim`));
      links.forEach((link, i) => expect(link).toHaveAccessibleDescription(TILES[ids[i]!]![1]));
    }
  });

  it('shows the four tracking-service games as not yet playable, and they do nothing', async () => {
    renderHub();
    const region = screen.getByRole('region', { name: 'Trakt' });
    expect(within(region).queryAllByRole('link')).toEqual([]);
    const tiles = within(region).getAllByRole('button');
    const names = ['Rate It Together', 'Ship It', 'Main Character Energy', 'Movie Mount Rushmore'];
    expect(tiles).toHaveLength(4);
    for (const [i, tile] of tiles.entries()) {
      expect(tile).toHaveAccessibleName(names[i]);
      expect(tile).toHaveAttribute('aria-disabled', 'true');
      expect(tile).toHaveAccessibleDescription(expect.stringMatching(/^Coming soon /));
      await userEvent.click(tile);
    }
    expect(where()).toBe('/games');
  });

  it('has a Leaderboards card that opens /leaderboard and an honest Quests card that does nothing', async () => {
    renderHub();
    const quests = screen.getByRole('button', { name: 'Quests' });
    expect(quests).toHaveAttribute('aria-disabled', 'true');
    expect(quests).toHaveAccessibleDescription('Coming soon Daily challenges for bonus points.');
    await userEvent.click(quests);
    expect(where()).toBe('/games');
    await userEvent.click(screen.getByRole('link', { name: 'Leaderboards' }));
    expect(where()).toBe('/leaderboard');
  });

  it("shows 'Your Stats' with a fixed 0 for Games Played and Points Earned", () => {
    renderHub();
    const stats = screen.getByRole('region', { name: 'Your Stats' });
    const terms = within(stats).getAllByRole('term').map((t) => t.textContent);
    const values = within(stats).getAllByRole('definition').map((d) => d.textContent);
    expect(terms).toEqual(['Games Played', 'Points Earned']);
    expect(values).toEqual(['0', '0']);
  });

  it('opens a game intro from its tile', async () => {
    renderHub();
    await userEvent.click(screen.getByRole('link', { name: 'Kill My Vibe' }));
    expect(where()).toBe('/games/killmyvibe/anim');
  });
});
