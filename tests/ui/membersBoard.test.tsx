// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CommunityContext } from '../../src/features/discover/ui/CommunityContext';
import { Header } from '../../src/app/Header';
import GamesHub from '../../src/features/games/ui/GamesHub';
import type { HotTakesMatchAi } from '../../src/features/games/actors/hotTakesMatch.actors';
import { WithChatGamesActors, withHotTakesAi } from '../support/featureActors';
import HotTakesMatchChat from '../../src/features/games/ui/HotTakesMatchChat';
import Leaderboard from '../../src/features/games/ui/Leaderboard';
import { SessionEndedNotice } from '../../src/app/SessionRoot';
import { json, mockFetch, type RecordedCall } from '../services/fetchMock';
import { WithSession, fakeMember } from '../support/session';

// A member's leaderboard and Games hub: the server's figures, the header's community, the
// empty and offline states, and a won Hot Takes game recorded through POST /api/games/results.

const ai = {
  generateHotTakesPrompt: vi.fn<HotTakesMatchAi['generateHotTakesPrompt']>(),
  generatePersonaHotTake: vi.fn<HotTakesMatchAi['generatePersonaHotTake']>(),
  generateFirstResponse: vi.fn<HotTakesMatchAi['generateFirstResponse']>(),
  generateMatchedChatReply: vi.fn<HotTakesMatchAi['generateMatchedChatReply']>(),
};

const zero = { totalPoints: 0, gamesPlayed: 0, hotTakesScore: 0, friendsCount: 0, winRate: 0, streak: 0 };
/** The id the server issues when a member's game starts (POST /api/games/sessions). */
const GAME_ID = '7d3f0c1e-2b4a-4c5d-9e6f-0a1b2c3d4e5f';
const gameStarted = json({ gameId: GAME_ID }, 201);
const mira = { id: 'm-1', username: 'mira', isCurrentUser: true, stats: { totalPoints: 130, gamesPlayed: 1, hotTakesScore: 130, friendsCount: 1, winRate: 100, streak: 1 } };
const noor = { id: 'm-2', username: 'noor', isCurrentUser: false, stats: { totalPoints: 240, gamesPlayed: 2, hotTakesScore: 240, friendsCount: 1, winRate: 50, streak: 0 } };
const ash = { id: 'm-3', username: 'ash', isCurrentUser: false, stats: { ...zero } };

function renderApp(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <WithSession server={{ member: fakeMember }}>
        <SessionEndedNotice />
        <CommunityContext.Provider>
          <Header />
          <WithChatGamesActors fakes={withHotTakesAi(ai)}>
            <Routes>
              <Route path="/leaderboard" element={<Leaderboard />} />
              <Route path="/games" element={<GamesHub />} />
              <Route path="/games/hottakes/chat" element={<HotTakesMatchChat />} />
            </Routes>
          </WithChatGamesActors>
        </CommunityContext.Provider>
      </WithSession>
    </MemoryRouter>,
  );
}

/** The server's ranking: everyone in all communities, only mira in UW, mira and noor among friends. */
function board(call: RecordedCall) {
  if (call.query.get('tab') === 'friends') return json({ entries: [mira, noor] });
  return json({ entries: call.query.get('community') === 'UW' ? [mira] : [noor, mira, ash] });
}

const rows = () => within(screen.getByRole('table', { name: /Players ranked by/ })).getAllByRole('row').slice(1);
// The player's name as shown (the initials avatar beside it is decorative).
const playerName = (row: HTMLElement) => row.querySelector('th .lb-player-inner > span:last-child')?.textContent;
const rowText = (row: HTMLElement) => [playerName(row), ...within(row).getAllByRole('cell').map((c) => c.textContent)];
const summary = () => screen.getByRole('region', { name: 'Your Stats Summary' });
const yourStats = () => within(screen.getByRole('region', { name: 'Your Stats' })).queryAllByRole('definition').map((d) => d.textContent);

beforeEach(() => {
  localStorage.clear();
  // A member's browser carries the hint cookie, so the services wait for the session to answer.
  document.cookie = 'mycelius_member=1; path=/';
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.cookie = 'mycelius_member=; path=/; max-age=0';
  localStorage.clear();
});

describe("a member's leaderboard", () => {
  it("ranks the server's members by tab and the header's community, marks (You), and says when you are alone", async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch({ 'GET /api/leaderboard': board });
    renderApp('/leaderboard');
    await screen.findByRole('table');
    expect(rows().map(rowText)).toEqual([
      ['noor', '1', '240', '50%', '0'],
      ['mira (You)', '2', '130', '100%', '1'],
      ['ash', '3', '0', '0%', '0'],
    ]);
    expect(within(screen.getByRole('list', { name: 'Top 3 by Total Points' })).getAllByRole('listitem')).toHaveLength(3);
    expect(within(summary()).getByText('You are #2 of 3 by Total Points.')).toBeInTheDocument();
    expect(within(summary()).getAllByRole('definition').map((d) => d.textContent)).toEqual(['130', '1', '130', '1', '100%', '1']);

    await user.click(screen.getByRole('tab', { name: 'Hot Takes' }));
    await waitFor(() => expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-busy', 'false'));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Community' }), 'UW');
    expect(await screen.findByText('You are the only member of UW on the board so far. Invite friends to climb it together.')).toBeInTheDocument();
    expect(rows().map(rowText)).toEqual([['mira (You)', '1', '130', '100%', '1']]);
    expect(screen.queryByRole('list', { name: /Top 3/ })).toBeNull();
    expect(within(summary()).getByText('You are #1 of 1 by Hot Takes.')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Friends' }));
    // Equal friend counts: more points ranks first.
    await waitFor(() => expect(rows().map(rowText)).toEqual([['noor', '1', '1', '50%', '0'], ['mira (You)', '2', '1', '100%', '1']]));
    expect(calls.map((c) => Object.fromEntries(c.query))).toEqual([
      { tab: 'points' },
      { tab: 'hottakes' },
      { tab: 'hottakes', community: 'UW' },
      { tab: 'friends', community: 'UW' },
    ]);
  });

  it('offline: says so with a retry, and loads once the connection is back', async () => {
    const user = userEvent.setup();
    mockFetch({ 'GET /api/leaderboard': ['network-error', json({ entries: [noor, mira] })] });
    renderApp('/leaderboard');
    expect(await screen.findByRole('alert')).toHaveTextContent('You appear to be offline. Please check your connection and try again.');
    expect(screen.queryByRole('table')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('table');
    expect(rows().map(playerName)).toEqual(['noor', 'mira (You)']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a 401 ends the session: the app says so and offers to log in again', async () => {
    mockFetch({ 'GET /api/leaderboard': json({ error: { code: 'UNAUTHENTICATED', message: 'x' } }, 401) });
    renderApp('/leaderboard');
    expect(await screen.findByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Your session has ended. Please log in again.Log InDismiss',
      'Your session has ended. Please log in again.',
    ]);
  });
});

describe("a member's Games hub", () => {
  it("shows a new member's zeros from the server after a loading state", async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    mockFetch({ 'GET /api/me/stats': json({ stats: zero }) });
    vi.mocked(fetch).mockImplementationOnce(async () => {
      await answered;
      return new Response(JSON.stringify({ stats: zero }), { headers: { 'Content-Type': 'application/json' } });
    });
    renderApp('/games');
    expect(await screen.findByText('Loading your stats...')).toBeInTheDocument();
    expect(yourStats()).toEqual([]);
    await act(async () => answer());
    await waitFor(() => expect(yourStats()).toEqual(['0', '0']));
    expect(screen.queryByText('Loading your stats...')).toBeNull();
  });

  it('a failed load keeps the last figures on screen with the reason and a retry', async () => {
    const user = userEvent.setup();
    localStorage.setItem('member_stats', JSON.stringify({ memberId: 'm-1', stats: { ...zero, totalPoints: 1230, gamesPlayed: 9 } }));
    mockFetch({ 'GET /api/me/stats': [json({ error: { code: 'SERVER', message: 'down' } }, 500), json({ stats: { ...zero, totalPoints: 1340, gamesPlayed: 10 } })] });
    renderApp('/games');
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load your stats. Please try again.');
    expect(yourStats()).toEqual(['9', '1,230']);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(yourStats()).toEqual(['10', '1,340']));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe("a member's won Hot Takes game", () => {
  beforeEach(() => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    ai.generateHotTakesPrompt.mockReset().mockResolvedValue('Hot take: the album era is over.');
    ai.generatePersonaHotTake.mockReset().mockResolvedValue('Albums are for people with too much time.');
    ai.generateFirstResponse.mockReset().mockResolvedValue('Outrageous! Albums are sacred.');
    ai.generateMatchedChatReply.mockReset().mockResolvedValue('Still wrong.');
  });

  async function winAGame() {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderApp('/games/hottakes/chat');
    const textbox = () => screen.getByRole('textbox', { name: 'Message' });
    await waitFor(() => expect(textbox()).not.toHaveAttribute('aria-disabled'));
    await user.type(textbox(), 'Albums forever{Enter}');
    await act(async () => vi.advanceTimersByTime(500));
    await act(async () => vi.advanceTimersByTime(1000));
    await act(async () => vi.advanceTimersByTime(1500));
    await user.type(textbox(), 'Never{Enter}');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    // Leaving a won debate says what it records first.
    const question = await screen.findByRole('alertdialog', { name: 'Leave the debate?' });
    expect(question).toHaveTextContent('records a win: +120 points');
    await user.click(within(question).getByRole('button', { name: 'Leave' }));
    await screen.findByRole('heading', { name: 'Games', level: 1 });
    return user;
  }

  it('is started on the server, its replies and its result name the game, and the hub shows what the server answers; the guest figures stay as they were', async () => {
    const after = { totalPoints: 120, gamesPlayed: 1, hotTakesScore: 120, friendsCount: 0, winRate: 100, streak: 1 };
    const { calls } = mockFetch({
      'POST /api/games/sessions': gameStarted,
      'POST /api/games/results': json({ stats: after }, 201),
      'GET /api/me/stats': json({ stats: after }),
    });
    await winAGame();
    await waitFor(() => expect(yourStats()).toEqual(['1', '120']));
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['/api/games/sessions', { game: 'hottakes' }],
      ['/api/games/results', { game: 'hottakes', gameId: GAME_ID }],
    ]);
    expect(ai.generateFirstResponse).toHaveBeenCalledWith(expect.objectContaining({ gameId: GAME_ID }));
    expect(ai.generateMatchedChatReply).toHaveBeenCalledWith(expect.objectContaining({ gameId: GAME_ID }));
    expect(localStorage.getItem('user_leaderboard_stats')).toBeNull();
  });

  it('offline, the game waits on the device and is sent when the hub is retried online', async () => {
    const after = { totalPoints: 120, gamesPlayed: 1, hotTakesScore: 120, friendsCount: 0, winRate: 100, streak: 1 };
    mockFetch({ 'POST /api/games/sessions': gameStarted, 'POST /api/games/results': 'network-error', 'GET /api/me/stats': 'network-error' });
    const user = await winAGame();
    expect(await screen.findByRole('alert')).toHaveTextContent('You appear to be offline. Please check your connection and try again.');
    expect(screen.getByText('1 finished game is waiting to be sent. It will count once you are back online.')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('member_pending_results')!)).toMatchObject([{ memberId: 'm-1', game: 'hottakes', gameId: GAME_ID, messageCount: 6 }]);

    const { calls } = mockFetch({ 'POST /api/games/results': json({ stats: after }, 201), 'GET /api/me/stats': json({ stats: after }) });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(yourStats()).toEqual(['1', '120']));
    expect(screen.queryByText(/waiting to be sent/)).toBeNull();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/games/results', 'GET /api/me/stats']);
    expect(JSON.parse(localStorage.getItem('member_pending_results')!)).toEqual([]);
  });

  it('a game the server cannot start is a load failure the player can retry; no reply or result is asked for before it starts', async () => {
    const { calls } = mockFetch({ 'POST /api/games/sessions': ['network-error', gameStarted] });
    const user = userEvent.setup();
    renderApp('/games/hottakes/chat');
    expect(await screen.findByText('Sorry, I had trouble loading the game. Please try again!')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    const textbox = () => screen.getByRole('textbox', { name: 'Message' });
    await waitFor(() => expect(textbox()).not.toHaveAttribute('aria-disabled'));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/games/sessions', 'POST /api/games/sessions']);
    expect(ai.generateFirstResponse).not.toHaveBeenCalled();
  });

  it('a waiting game the server still fails is counted on the hub until it is sent', async () => {
    localStorage.setItem('member_pending_results', JSON.stringify([{ memberId: 'm-1', game: 'hottakes', gameId: GAME_ID, messageCount: 6, finishedAt: 1 }]));
    mockFetch({ 'POST /api/games/results': json({ error: { code: 'SERVER', message: 'down' } }, 503), 'GET /api/me/stats': json({ stats: zero }) });
    renderApp('/games');
    expect(await screen.findByText('1 finished game is waiting to be sent. It will count once you are back online.')).toBeInTheDocument();
    expect(yourStats()).toEqual(['0', '0']);
  });
});
