// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import type { SnapshotFrom } from 'xstate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Profile } from '../../src/domain/profile';
import { SAMPLE_USERS } from '../../src/domain/sampleUsers';
import type { DiscoverCard } from '../../src/domain/socialContract';
import { discoverMachine } from '../../src/features/discover/machines/discover.machine';
import type { ScoredUsers } from '../../src/features/discover/services/guestDiscover';
import { saveProfile } from '../../src/shared/storage/profile';
import { friendsKey } from '../../src/shared/people/usersStore';
import AppLayout from '../../src/app/AppLayout';
import Discover from '../../src/features/discover/ui/Discover';
import { fakeScorer, withScorer } from '../support/discoverActors';
import { after, done, isDone, testScreenModel, type ModelEvent, type ScreenView } from '../support/modelTest';

// The Discover screen driven along the discover machine's model paths with real user events: search,
// the header's community filter and Add Friend, over the seeded sample users with stored data; only the
// scoring (the AI call) is held back so the test decides when the scores arrive.

const scorer = fakeScorer();
const held = { release: (_: ScoredUsers) => {} };

const complete: Profile = {
  username: 'me',
  profilePicture: '',
  hobbies: 'climbing',
  musicGenres: ['Metal'],
  favoriteGames: ['Elden Ring'],
  favoriteShows: ['Attack on Titan'],
  connectedServices: { spotify: false, trakt: false, steam: false },
};
const SAMPLE_CARD: DiscoverCard = {
  id: '',
  kind: 'sample',
  name: '',
  username: '',
  avatar: '',
  profilePicture: '',
  bio: '',
  mutualFriends: 0,
  communities: [],
  similarityScore: 50,
  shared: [],
  sharedByCategory: { music: [], games: [], shows: [] },
  relation: 'none',
};
// Distinct scores in list order: RiffLord (user-1) 30%, PixelPoet (user-2) 32%, ...
const scores = Object.fromEntries(SAMPLE_USERS.map((u, i) => [u.username, 30 + i * 2]));

// Who docs/product.md §5's search (username or interests, any case) and the header community leave on screen.
const UW = ['AltAria', 'DragonRider', 'LaneLegend', 'MaestroMax', 'MoshPitMia', 'PixelPoet', 'ReggaeRay', 'SalsaSol', 'SeoulSista', 'ShonenSam', 'TitanSlayer'];
const visible: Record<string, string[] | number> = {
  ' All Communities': 25,
  'metal All Communities': ['MoshPitMia', 'RiffLord', 'TitanSlayer'],
  ' UW': UW,
  'metal UW': ['MoshPitMia', 'TitanSlayer'],
};

type Snapshot = SnapshotFrom<typeof discoverMachine>;

// The model's own view of the page (the screen's cards come from the device): the two people a user clicks.
const riff = { ...SAMPLE_CARD, id: 'user-1', name: 'RiffLord', username: 'RiffLord' };
const poet = { ...SAMPLE_CARD, id: 'user-2', name: 'PixelPoet', username: 'PixelPoet' };

// A guest's device answers at once, so while an add, a search's pause or a search is on its way the user
// cannot act in between. They can type while the first page is being scored; once the list shows, they search,
// pick a community and click the cards they see (the full list, no search and all communities, shows both).
function events(snapshot: Snapshot): ModelEvent[] {
  const { context } = snapshot;
  const page = (friends: string[]) => ({ complete: true, cards: [riff, poet], nextCursor: null, sampleFriendIds: friends });
  if (snapshot.matches('waiting') || snapshot.matches({ ready: 'waiting' })) return [after('searchDelay')];
  if (snapshot.matches({ ready: 'searching' })) return [done('searchPage', page(context.sampleFriendIds))];
  if (snapshot.matches({ ready: 'sending' })) return [done('befriend', { relation: 'friends' })];
  const search = { type: 'SEARCH', query: context.query === '' ? 'metal' : '' };
  if (snapshot.matches('loading')) return [done('loadPage', page(['user-2'])), search];
  const list: ModelEvent[] = [search, { type: 'COMMUNITY', community: context.community === 'UW' ? 'All Communities' : 'UW' }];
  if (context.notice !== null) list.push({ type: 'DISMISS_NOTICE' });
  if (context.query === '' && context.community === 'All Communities') {
    list.push({ type: 'ADD_FRIEND', userId: 'user-1' }, { type: 'ADD_FRIEND', userId: 'user-2' });
  }
  return list;
}

type User = ReturnType<typeof userEvent.setup>;
type View = ScreenView<typeof discoverMachine, User>;

function mount(): User {
  localStorage.clear();
  scorer.mockClear();
  saveProfile(complete);
  friendsKey.write([{ id: 'l1', user_id: 'user-current', friend_id: 'user-2' }]);
  const user = userEvent.setup({ delay: null });
  render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <Routes>
        <Route element={<AppLayout />}>
          <Route path="/dashboard" element={<Discover />} />
        </Route>
      </Routes>
    </MemoryRouter>,
    { wrapper: withScorer(scorer) },
  );
  return user;
}

const card = (name: string) => screen.getByRole('heading', { name }).closest('li')!;

function expectList({ target, events }: View) {
  const { query, community } = target.context;
  const expected = visible[`${query} ${community}`]!;
  const names = within(screen.getByRole('list', { name: 'Suggested friends' })).getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
  if (typeof expected === 'number') expect(names).toHaveLength(expected);
  else expect([...names].sort()).toEqual(expected);
  // Sorted by similarity, highest first.
  const badges = names.map((n) => Number(within(card(n)).getByText(/% Match$/).textContent.replace('% Match', '')));
  expect(badges).toEqual([...badges].sort((a, b) => b - a));
  if (names.includes('PixelPoet')) expect(within(card('PixelPoet')).getByRole('button', { name: 'Friend Added!' })).toBeDisabled();
  const added = events.some((e) => isDone('befriend')(e));
  expect(friendsKey.read().map((l) => l.friend_id)).toEqual(added ? ['user-2', 'user-1'] : ['user-2']);
  if (names.includes('RiffLord')) {
    expect(within(card('RiffLord')).getByText('30% Match')).toBeInTheDocument();
    if (!events.some((e) => e.type === 'ADD_FRIEND' && e.userId === 'user-1')) expect(within(card('RiffLord')).getByRole('button', { name: 'Add Friend' })).toBeEnabled();
    if (added) expect(within(card('RiffLord')).getByRole('button', { name: 'Friend Added!' })).toBeDisabled();
  }
  // docs/product.md's words, in the page's status region until dismissed.
  const shown = events.findLast((e) => isDone('befriend')(e) || e.type === 'DISMISS_NOTICE')?.type === done('befriend').type;
  const notice = screen.queryByText("You're now friends with RiffLord!");
  if (shown) expect(notice?.closest('[role="status"]')).not.toBeNull();
  else expect(notice).toBeNull();
}

beforeEach(() => {
  scorer.mockReset();
  scorer.mockImplementation(() => new Promise((resolve) => (held.release = resolve)));
});
afterEach(() => {
  localStorage.clear();
});

describe('Discover screen along the discover model', () => {
  it('shows the right cards, buttons, notice and stored friends after every search, filter and add', async () => {
    const driven = await testScreenModel({
      model: { machine: discoverMachine, limit: 60, events },
      mount,
      unmount: () => cleanup(),
      act: {
        // The stored data loads by itself; the scoring is asked once with the profile and all 25, then answers.
        [done('loadPage').type]: async () => {
          await waitFor(() => expect(scorer).toHaveBeenCalledTimes(1));
          expect(scorer.mock.calls[0]![0].profile).toEqual(complete);
          expect(scorer.mock.calls[0]![0].users).toHaveLength(25);
          await act(async () => held.release({ scores, breakdowns: {} }));
          await screen.findByRole('list', { name: 'Suggested friends' });
        },
        SEARCH: async (user, e) => {
          const search = screen.getByRole('searchbox', { name: 'Search users' });
          await user.clear(search);
          if (e.query) await user.type(search, e.query as string);
        },
        // The device answers at once: the pause and the new page pass by themselves.
        [after('searchDelay').type]: async () => {},
        [done('searchPage').type]: async () => {},
        COMMUNITY: async (user, e) => user.selectOptions(screen.getByRole('combobox', { name: 'Community' }), e.community as string),
        ADD_FRIEND: async (user, e) => {
          const name = e.userId === 'user-1' ? 'RiffLord' : 'PixelPoet';
          await user.click(within(card(name)).getByRole('button', { name: /Add Friend|Friend Added!/ }));
        },
        [done('befriend').type]: async () => {
          await waitFor(() => expect(friendsKey.read().map((l) => l.friend_id)).toContain('user-1'));
        },
        DISMISS_NOTICE: async (user) => user.click(screen.getByRole('button', { name: 'Dismiss' })),
      },
      states: {
        // 'Loading users...' until the scores are in (the search box is already there, and typing waits with it).
        loading: () => {
          expect(screen.getByText('Loading users...')).toBeInTheDocument();
          expect(screen.getByRole('searchbox', { name: 'Search users' })).toBeInTheDocument();
        },
        waiting: () => {
          expect(screen.getByText('Loading users...')).toBeInTheDocument();
        },
        'ready.idle': (view) => waitFor(() => expectList(view)),
        // A search or community over the list: the cards stay in view, never 'Loading users...'.
        'ready.waiting': () => {
          expect(screen.getByRole('list', { name: 'Suggested friends' })).toBeInTheDocument();
          expect(screen.queryByText('Loading users...')).toBeNull();
        },
        'ready.searching': () => {
          expect(screen.getByRole('list', { name: 'Suggested friends' })).toBeInTheDocument();
          expect(screen.queryByText('Loading users...')).toBeNull();
        },
        // The save is synchronous, so the screen may already show the result when this is checked.
        'ready.sending': ({ target }) => {
          expect(target.context.sendingId).toBe('user-1');
          if (screen.queryByRole('heading', { name: 'RiffLord' })) {
            expect(within(card('RiffLord')).getByRole('button', { name: /Adding\.\.\.|Friend Added!/ })).toBeDisabled();
          }
          expect(friendsKey.read().length).toBeLessThanOrEqual(2);
        },
      },
    });
    expect(driven).toBeGreaterThan(10);
  }, 120_000);
});
