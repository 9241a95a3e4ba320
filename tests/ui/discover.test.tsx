// @vitest-environment happy-dom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emptyProfile, type Profile } from '../../src/domain/profile';
import { SAMPLE_USERS } from '../../src/domain/sampleUsers';
import { saveProfile } from '../../src/shared/storage/profile';
import { friendsKey } from '../../src/shared/people/usersStore';
import AppLayout from '../../src/app/AppLayout';
import Discover from '../../src/features/discover/ui/Discover';
import { fakeScorer, withScorer } from '../support/discoverActors';
import { resetScreen } from '../support/screenTeardown';

const scorer = fakeScorer();

const complete: Profile = { ...emptyProfile(), username: 'me', hobbies: 'climbing', musicGenres: ['Metal'], favoriteGames: ['Elden Ring'], favoriteShows: ['Attack on Titan'] };

function scoresFor(): Record<string, number> {
  // Distinct scores: the sample users' position in the list, reversed, so user-25 comes first.
  return Object.fromEntries(SAMPLE_USERS.map((u, i) => [u.username, 30 + i * 2]));
}

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderDiscover() {
  return render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <Routes>
        <Route element={<AppLayout />}>
          <Route path="/dashboard" element={<Discover />} />
          <Route path="/profile" element={<Where />} />
        </Route>
      </Routes>
    </MemoryRouter>,
    { wrapper: withScorer(scorer) },
  );
}

const scored = (scores: Record<string, number>) => ({ scores, breakdowns: {} });

function cardNames(): string[] {
  return within(screen.getByRole('list', { name: 'Suggested friends' })).getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
}

beforeEach(() => {
  localStorage.clear();
  scorer.mockReset();
  scorer.mockImplementation(async () => scored(scoresFor()));
});
afterEach(resetScreen);

describe('Discover screen', () => {
  it('asks for a complete profile first, and Go to Profile opens /profile', async () => {
    saveProfile({ ...complete, hobbies: '' });
    const user = userEvent.setup();
    renderDiscover();
    await screen.findByRole('heading', { name: 'Complete Your Profile' });
    expect(scorer).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Go to Profile' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/profile');
  });

  it('shows Loading users... then 25 cards sorted by score with badge, initials, interests and shared items', async () => {
    saveProfile(complete);
    let release!: (v: { scores: Record<string, number>; breakdowns: Record<string, never> }) => void;
    scorer.mockImplementation(() => new Promise((resolve) => (release = resolve)));
    renderDiscover();
    expect(await screen.findByText('Loading users...')).toBeInTheDocument();
    await waitFor(() => expect(scorer).toHaveBeenCalledTimes(1));
    const [{ profile: profileArg, users }] = scorer.mock.calls[0]!;
    expect(profileArg).toEqual(complete);
    expect(users).toHaveLength(25);
    expect(users[0]).toMatchObject({ username: 'RiffLord', personality: SAMPLE_USERS[0]!.personality, interests: SAMPLE_USERS[0]!.interests });
    release(scored(scoresFor()));

    await screen.findByText('78% Match');
    const names = cardNames();
    expect(names).toHaveLength(25);
    expect(names[0]).toBe('ReggaeRay');
    expect(names.at(-1)).toBe('RiffLord');
    const riff = screen.getByRole('heading', { name: 'RiffLord' }).closest('li')!;
    expect(within(riff).getByText('30% Match')).toBeInTheDocument();
    expect(within(riff).getByText('RI')).toBeInTheDocument();
    expect(within(riff).getByText('Interests: Metal, Elden Ring, Attack on Titan, Punk')).toBeInTheDocument();
    expect(within(riff).getByText('You both like Metal, Elden Ring and Attack on Titan')).toBeInTheDocument();
    const jazz = screen.getByRole('heading', { name: 'JazzCat' }).closest('li')!;
    expect(within(jazz).queryByText(/You both like/)).toBeNull();
  });

  it('searches by username or interests and filters by the header community; shows the empty texts', async () => {
    saveProfile(complete);
    const user = userEvent.setup();
    renderDiscover();
    await screen.findByText('78% Match');
    const search = screen.getByRole('searchbox', { name: 'Search users' });
    expect(search).toHaveAttribute('placeholder', 'Search by username or interests...');

    await user.type(search, 'METAL');
    await waitFor(() => expect(cardNames().sort()).toEqual(['MoshPitMia', 'RiffLord', 'TitanSlayer']));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Community' }), 'UW');
    await waitFor(() => expect(cardNames()).toEqual(['TitanSlayer', 'MoshPitMia']));
    await user.clear(search);
    await user.type(search, 'rifflord');
    await screen.findByText('No users found matching your filters.');
    expect(screen.getByText('Try changing your community or search query.')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Community' }), 'All Communities');
    await waitFor(() => expect(cardNames()).toEqual(['RiffLord']));
    expect(scorer).toHaveBeenCalledTimes(1);
  });

  it("keeps the cards in view while a search or a community is ranked again: no blank page, no 'Loading users...'", async () => {
    saveProfile(complete);
    const user = userEvent.setup();
    renderDiscover();
    await screen.findByText('78% Match');
    // Every change the page goes through while the person types and picks, as the DOM records it.
    const seen: string[] = [];
    const observer = new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) if (node.textContent?.includes('Loading users...')) seen.push('Loading users...');
        for (const node of record.removedNodes) if (node instanceof Element && (node.matches('ul.match-grid') || node.querySelector('ul.match-grid'))) seen.push('list removed');
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'metal');
    await waitFor(() => expect(cardNames().sort()).toEqual(['MoshPitMia', 'RiffLord', 'TitanSlayer']));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Community' }), 'UW');
    await waitFor(() => expect(cardNames()).toEqual(['TitanSlayer', 'MoshPitMia']));
    observer.disconnect();
    expect(seen).toEqual([]);
  });

  it('adds a friend: Adding... then Friend Added! (disabled), the in-page notice, and the stored link; existing friends start added', async () => {
    saveProfile(complete);
    friendsKey.write([{ id: 'l1', user_id: 'user-current', friend_id: 'user-2' }]);
    const user = userEvent.setup();
    renderDiscover();
    await screen.findByText('78% Match');
    const poet = screen.getByRole('heading', { name: 'PixelPoet' }).closest('li')!;
    expect(within(poet).getByRole('button', { name: 'Friend Added!' })).toBeDisabled();

    const riff = screen.getByRole('heading', { name: 'RiffLord' }).closest('li')!;
    await user.click(within(riff).getByRole('button', { name: 'Add Friend' }));
    const notice = await screen.findByText("You're now friends with RiffLord!");
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(within(riff).getByRole('button', { name: 'Friend Added!' })).toBeDisabled();
    expect(friendsKey.read()).toEqual([
      { id: 'l1', user_id: 'user-current', friend_id: 'user-2' },
      expect.objectContaining({ user_id: 'user-current', friend_id: 'user-1' }),
    ]);
  });

  it('colours each badge by how strong the match is: 75% and up strong, 50-74% fair, below 50% weak', async () => {
    saveProfile(complete);
    const edges: Record<string, number> = { RiffLord: 75, PixelPoet: 74, JazzCat: 50, [SAMPLE_USERS[3]!.username]: 49 };
    const others = Object.fromEntries(SAMPLE_USERS.map((u) => [u.username, 10]));
    scorer.mockImplementation(async () => scored({ ...others, ...edges }));
    renderDiscover();
    await screen.findByText('75% Match');
    const badge = (score: number) => screen.getByText(`${score}% Match`);
    expect(badge(75)).toHaveClass('match-high');
    expect(badge(74)).toHaveClass('match-mid');
    expect(badge(50)).toHaveClass('match-mid');
    expect(badge(49)).toHaveClass('match-low');
  });

  it('opens the breakdown of an explained percentage in a dialog: shared items by category, parts adding up to it', async () => {
    saveProfile(complete);
    const scores = Object.fromEntries(SAMPLE_USERS.map((u) => [u.username, 20]));
    scores.RiffLord = 88;
    // The scorer explains RiffLord's score only.
    scorer.mockImplementation(async () => ({
      scores,
      breakdowns: {
        RiffLord: {
          music: { points: 40, items: ['Metal', 'Punk (near Metal)'] },
          games: { points: 30, items: ['Elden Ring'] },
          shows: { points: 15, items: ['Attack on Titan'] },
          hobbies: { points: 3, items: [] },
        },
      },
    }));
    const user = userEvent.setup();
    renderDiscover();
    const badge = await screen.findByRole('button', { name: '88% Match' });
    // Only an explained score is a button.
    expect(screen.queryByRole('button', { name: '20% Match' })).toBeNull();
    await user.click(badge);
    const dialog = screen.getByRole('dialog', { name: '88% match with RiffLord' });
    const parts = within(dialog).getAllByRole('listitem').map((item) => item.textContent);
    expect(parts).toEqual([
      'Music40%Metal, Punk (near Metal)',
      'Games30%Elden Ring',
      'Shows & movies15%Attack on Titan',
      'Hobbies & personality3%Words you both use in your profiles',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('lists nobody under 10% as a match without a search; a search still finds them', async () => {
    saveProfile(complete);
    scorer.mockImplementation(async () => scored(Object.fromEntries(SAMPLE_USERS.map((u) => [u.username, u.username === 'RiffLord' ? 10 : 9]))));
    const user = userEvent.setup();
    renderDiscover();
    await waitFor(() => expect(cardNames()).toEqual(['RiffLord']));
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'zzz');
    await screen.findByText('No users found matching your filters.');
    expect(screen.queryByText(/less than 10%/)).toBeNull();
    await user.clear(screen.getByRole('searchbox', { name: 'Search users' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'pixel');
    await waitFor(() => expect(cardNames()).toEqual(['PixelPoet']));
  });

  it('says why when nobody reaches 10%', async () => {
    saveProfile(complete);
    scorer.mockImplementation(async () => scored(Object.fromEntries(SAMPLE_USERS.map((u) => [u.username, 3]))));
    renderDiscover();
    await screen.findByText('No users found matching your filters.');
    expect(
      screen.getByText('People who share less than 10% of your taste are not listed as matches. Add more genres, games or shows to your profile to find more.'),
    ).toBeInTheDocument();
  });
});
