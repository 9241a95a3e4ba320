// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyProfile } from '../../src/domain/profile';
import { saveProfile } from '../../src/shared/storage/profile';
import { friendsKey } from '../../src/shared/people/usersStore';
import AppLayout from '../../src/app/AppLayout';
import Discover from '../../src/features/discover/ui/Discover';
import Friends from '../../src/features/friends/ui/Friends';
import { FriendAcceptedNotice, SocialRoot } from '../../src/app/SocialRoot';
import { json, mockFetch, type RecordedCall } from '../services/fetchMock';
import { fakeMember, WithSession } from '../support/session';

// A member (mira) meets other members: the screens inside the app's session root, over a fake server
// that answers the social contract's routes and records every call.

const person = (id: string, username: string) => ({ id, username, avatar: username.slice(0, 2).toUpperCase(), profilePicture: '' });
const mira = person('m-1', 'mira');
const nova = person('m-2', 'nova');
const juno = person('m-3', 'juno');

function card(who: { id: string; username: string }, kind: 'member' | 'sample', relation: string, score: number, shared: string[]) {
  return {
    ...person(who.id, who.username),
    kind,
    name: who.username,
    bio: 'Jazz, Celeste, Dark',
    mutualFriends: 0,
    communities: ['UW'],
    similarityScore: score,
    shared,
    sharedByCategory: { music: shared, games: [], shows: [] },
    relation,
  };
}

interface World {
  incoming: unknown[];
  outgoing: unknown[];
  friends: { id: string; username: string }[];
}

function fakeServer(world: World) {
  const since = '2026-11-23T20:05:00.000Z';
  const requestTo = (to: typeof nova) => ({ id: 'r-out', from: mira, to, createdAt: since, status: 'pending', match: null });
  return mockFetch({
    'GET /api/discover': (call: RecordedCall) =>
      call.query.get('cursor') === 'c-2'
        ? // vega's 'Who can send you friend requests' refuses this viewer.
          json({ cards: [card(person('m-5', 'vega'), 'member', 'closed', 40, [])], nextCursor: null })
        : json({
            cards: [
              card(nova, 'member', 'none', 88, ['Jazz', 'Celeste']),
              card(juno, 'member', 'incoming', 75, ['Dark']),
              card(person('user-3', 'DeepDiver'), 'sample', 'none', 70, []),
            ],
            nextCursor: 'c-2',
          }),
    'POST /api/friends/requests': (call) => {
      const to = (call.body as { toUserId: string }).toUserId;
      if (to === 'm-3') return json({ request: { id: 'r-in', from: juno, to: mira, createdAt: since, status: 'accepted' } });
      world.outgoing = [requestTo(nova)];
      return json({ request: requestTo(nova) }, 201);
    },
    'GET /api/friends/requests': () => json({ incoming: world.incoming, outgoing: world.outgoing }),
    'GET /api/friends': () => json({ friends: world.friends.map((f) => ({ ...person(f.id, f.username), since })) }),
    'POST /api/friends/requests/r-in/accept': () => {
      world.incoming = [];
      world.friends = [...world.friends, juno];
      return json({ friend: { ...juno, since } });
    },
    'POST /api/friends/requests/r-in/decline': () => {
      world.incoming = [];
      return { status: 204 };
    },
    'DELETE /api/friends/requests/r-out': () => {
      world.outgoing = [];
      return { status: 204 };
    },
    'DELETE /api/friends/m-3': () => {
      world.friends = world.friends.filter((f) => f.id !== 'm-3');
      return { status: 204 };
    },
    'POST /api/reports': () => json({ id: 'r-1' }, 201),
  });
}

function renderApp(path: string, member = fakeMember as typeof fakeMember | null) {
  // A member's browser holds the readable hint cookie beside the session cookie (memberHint.ts).
  if (member) document.cookie = 'mycelius_member=1; path=/';
  return render(
    <MemoryRouter initialEntries={[path]}>
      <WithSession server={{ member }}>
        <SocialRoot>
          <FriendAcceptedNotice />
          <Routes>
            <Route element={<AppLayout />}>
              <Route path="/dashboard" element={<Discover />} />
              <Route path="/friends" element={<Friends />} />
            </Route>
          </Routes>
        </SocialRoot>
      </WithSession>
    </MemoryRouter>,
  );
}

const cardOf = (name: string) => screen.getByRole('heading', { name }).closest('li')!;
const friendsTab = () => within(screen.getByRole('navigation', { name: 'Main' })).getAllByRole('link')[0]!;
const fromJuno = { id: 'r-in', from: juno, to: mira, createdAt: '2026-11-23T20:00:00.000Z', status: 'pending', match: null };

beforeEach(() => {
  localStorage.clear();
  saveProfile({ ...emptyProfile(), username: 'mira', hobbies: 'climbing', musicGenres: ['Jazz'] });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  document.cookie = 'mycelius_member=; path=/; max-age=0';
});

describe('Discover for a member', () => {
  it("shows the server's people with score and shared items; Add Friend asks, Accept befriends, a sample person is a friend at once", async () => {
    const server = fakeServer({ incoming: [], outgoing: [], friends: [] });
    const user = userEvent.setup();
    renderApp('/dashboard');

    const novaCard = (await screen.findByRole('heading', { name: 'nova' })).closest('li')!;
    expect(within(novaCard).getByText('88% Match')).toBeInTheDocument();
    expect(within(novaCard).getByText('You both like Jazz and Celeste')).toBeInTheDocument();
    expect(within(cardOf('juno')).getByRole('button', { name: 'Accept' })).toBeEnabled();

    await user.click(within(novaCard).getByRole('button', { name: 'Add Friend' }));
    await waitFor(() => expect(within(cardOf('nova')).getByRole('button', { name: 'Request sent' })).toBeDisabled());
    expect(server.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ toUserId: 'm-2' }]);
    expect(screen.queryByText(/You're now friends/)).toBeNull();

    await user.click(within(cardOf('juno')).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(within(cardOf('juno')).getByRole('button', { name: 'Friend Added!' })).toBeDisabled());
    expect(screen.getByText("You're now friends with juno!").closest('[role="status"]')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText("You're now friends with juno!")).toBeNull();

    // The sample person: no request, a friendship kept on the device, as for guests.
    await user.click(within(cardOf('DeepDiver')).getByRole('button', { name: 'Add Friend' }));
    await waitFor(() => expect(within(cardOf('DeepDiver')).getByRole('button', { name: 'Friend Added!' })).toBeDisabled());
    expect(friendsKey.read().map((l) => l.friend_id)).toEqual(['user-3']);
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(2);
  });

  it('sends the search and the header community to the server, and Show more brings the next page', async () => {
    const server = fakeServer({ incoming: [], outgoing: [], friends: [] });
    const user = userEvent.setup();
    renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'nova' });
    // More pages exist: the count is a floor, not the total.
    expect(document.body).toHaveTextContent('3+ people found');

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('heading', { name: 'vega' })).toBeInTheDocument();
    expect(within(cardOf('vega')).getByRole('button', { name: 'Not accepting requests' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(document.body).toHaveTextContent('4 people found');
    expect(document.body).not.toHaveTextContent('4+ people found');

    const discoverQueries = () => server.calls.filter((c) => c.path === '/api/discover').map((c) => Object.fromEntries(c.query));
    // Typing asks once, after the pause, with the whole word.
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'jazz');
    // The last cards stay in view while the search is on its way.
    expect(screen.getByRole('list', { name: 'Suggested friends' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('heading', { name: 'vega' })).toBeInTheDocument();
    await waitFor(() => expect(discoverQueries()).toHaveLength(3));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Community' }), 'UW');
    await waitFor(() =>
      expect(discoverQueries()).toEqual([
        {},
        { cursor: 'c-2' },
        { q: 'jazz' },
        { q: 'jazz', community: 'UW' },
      ]),
    );
  });
});

describe('Friend requests for a member', () => {
  it('the Friends tab counts incoming requests; Accept makes a friend (without an AI chat), Decline and Cancel answer', async () => {
    const world: World = { incoming: [fromJuno], outgoing: [], friends: [] };
    const server = fakeServer(world);
    friendsKey.write([{ id: 'a', user_id: 'user-current', friend_id: 'user-1' }]);
    const user = userEvent.setup();
    renderApp('/friends');

    await waitFor(() => expect(friendsTab()).toHaveAccessibleName('Friends, 1 request'));
    expect(friendsTab().querySelector('[data-count="1"]')).not.toBeNull();
    const requests = await screen.findByRole('region', { name: 'Requests' });
    const incoming = within(requests).getByRole('list', { name: 'Want to be your friend' });
    expect(within(incoming).getByRole('heading', { name: 'juno' })).toBeInTheDocument();

    await user.click(within(incoming).getByRole('button', { name: 'Accept' }));
    const junoRow = (await screen.findByRole('heading', { name: 'juno', level: 2 })).closest('li')!;
    expect(within(junoRow).getByText('Friends since 23 Nov 2026')).toBeInTheDocument();
    // A member friend's Chat is a real conversation with them, at the same /chat/:friendId.
    expect(within(junoRow).getByRole('link', { name: 'Chat' })).toHaveAttribute('href', '/chat/m-3');
    expect(within(junoRow).getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    // The sample friend on the device keeps the AI chat.
    expect(within(cardOf('RiffLord')).getByRole('link', { name: 'Chat' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Requests' })).toBeNull();
    expect(friendsTab()).toHaveAccessibleName('Friends');

    // Removing the member friend goes to the server.
    await user.click(within(junoRow).getByRole('button', { name: 'Remove' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'juno' })).toBeNull());
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toContain('DELETE /api/friends/m-3');
  });

  it('each request row shows the match with that person as Discover labels it, and none when there is no score', async () => {
    const world: World = {
      incoming: [{ ...fromJuno, match: 87 }],
      outgoing: [{ id: 'r-out', from: mira, to: nova, createdAt: '2026-11-23T20:00:00.000Z', status: 'pending', match: null }],
      friends: [],
    };
    fakeServer(world);
    renderApp('/friends');
    const requests = await screen.findByRole('region', { name: 'Requests' });
    const junoRow = within(within(requests).getByRole('list', { name: 'Want to be your friend' })).getByRole('listitem');
    expect(within(junoRow).getByText('87% Match')).toBeInTheDocument();
    expect(within(junoRow).getByRole('button', { name: 'More actions for juno' })).toBeInTheDocument();
    const novaRow = within(within(requests).getByRole('list', { name: 'Waiting for an answer' })).getByRole('listitem');
    expect(within(novaRow).queryByText(/% Match/)).toBeNull();
    expect(within(novaRow).getByRole('button', { name: 'More actions for nova' })).toBeInTheDocument();
  });

  it("Report from a request row's More actions says it came from a friend request", async () => {
    const world: World = { incoming: [fromJuno], outgoing: [], friends: [] };
    const server = fakeServer(world);
    const user = userEvent.setup();
    renderApp('/friends');
    const requests = await screen.findByRole('region', { name: 'Requests' });
    const junoRow = within(within(requests).getByRole('list', { name: 'Want to be your friend' })).getByRole('listitem');
    await user.click(within(junoRow).getByRole('button', { name: 'More actions for juno' }));
    await user.click(within(junoRow).getByRole('button', { name: 'Report juno' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report juno' });
    // Nothing to quote: a request is not a message.
    expect(within(dialog).queryByRole('region', { name: 'Reported message' })).toBeNull();
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await within(dialog).findByText('Thank you. Your report about juno was sent and will be reviewed.');
    expect(server.calls.filter((c) => c.path === '/api/reports').map((c) => c.body)).toEqual([{ userId: 'm-3', reason: 'spam', source: 'friendRequest' }]);
  });

  it('Decline and Cancel answer the requests on the server', async () => {
    const world: World = { incoming: [fromJuno], outgoing: [{ id: 'r-out', from: mira, to: nova, createdAt: '2026-11-23T20:00:00.000Z', status: 'pending', match: null }], friends: [] };
    const server = fakeServer(world);
    const user = userEvent.setup();
    renderApp('/friends');
    const requests = await screen.findByRole('region', { name: 'Requests' });
    await user.click(within(requests).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(within(requests).queryByRole('list', { name: 'Want to be your friend' })).toBeNull());
    const outgoing = within(requests).getByRole('list', { name: 'Waiting for an answer' });
    expect(within(outgoing).getByRole('heading', { name: 'nova' })).toBeInTheDocument();
    await user.click(within(outgoing).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Requests' })).toBeNull());
    expect(server.calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/friends/requests/r-in/decline',
      'DELETE /api/friends/requests/r-out',
    ]);
  });

  /** Mira asks nova from Discover, then nova accepts on her device (this page is not told); answers mira's user. */
  async function askNovaWhoAcceptsOnHerDevice() {
    const world: World = { incoming: [], outgoing: [], friends: [] };
    fakeServer(world);
    const user = userEvent.setup();
    renderApp('/dashboard');
    await user.click(within((await screen.findByRole('heading', { name: 'nova' })).closest('li')!).getByRole('button', { name: 'Add Friend' }));
    await screen.findByRole('button', { name: 'Request sent' });
    world.outgoing = [];
    world.friends = [nova];
    return user;
  }

  it('the sender is told in the page, once the other member accepts, when the tab is shown again or Friends is opened', async () => {
    const user = await askNovaWhoAcceptsOnHerDevice();
    // mira comes back to the tab.
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    const notice = await screen.findByText("You're now friends with nova!");
    expect(notice.closest('[role="status"]')).not.toBeNull();
    await user.click(within(notice.parentElement!).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText("You're now friends with nova!")).toBeNull();
  });

  it('opening Friends refreshes the requests: an answer given meanwhile is told there', async () => {
    const user = await askNovaWhoAcceptsOnHerDevice();
    await user.click(screen.getByRole('link', { name: 'Friends' }));
    expect(await screen.findByText("You're now friends with nova!")).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'nova', level: 2 })).toBeInTheDocument();
  });
});

describe('a guest inside the app', () => {
  it('keeps the sample people and makes no people calls', async () => {
    const server = mockFetch({});
    renderApp('/friends', null);
    expect(await screen.findByText('No friends yet!')).toBeInTheDocument();
    expect(friendsTab()).toHaveAccessibleName('Friends');
    expect(screen.queryByRole('region', { name: 'Requests' })).toBeNull();
    expect(server.calls).toEqual([]);
  });
});
