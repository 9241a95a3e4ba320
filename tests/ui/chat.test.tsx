// @vitest-environment happy-dom
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes, type InitialEntry } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { friendGreeting } from '../../src/domain/friendChat';
import { GAMES } from '../../src/domain/games';
import { SAMPLE_USERS } from '../../src/domain/sampleUsers';
import { chatLogsKey } from '../../src/features/chat/storage/chatLogs';
import Chat from '../../src/app/ChatRoute';
import type { FriendChatAi } from '../../src/features/chat/actors/friendChat.actors';
import type { SoloChatAi } from '../../src/features/games/actors/soloChat.actors';
import { WithChatGamesActors, withAi } from '../support/featureActors';
import { resetScreen } from '../support/screenTeardown';

const ai = {
  generatePersonaHotTake: vi.fn<SoloChatAi['generatePersonaHotTake']>(),
  generateFriendChatReply: vi.fn<FriendChatAi['generateFriendChatReply']>(),
};
const fakes = withAi(ai);

function renderAt(entry: InitialEntry) {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <WithChatGamesActors fakes={fakes}>
        <Suspense fallback={<p>Loading</p>}>
          <Routes>
            <Route path="/chat" element={<Chat />} />
            <Route path="/chat/:friendId" element={<Chat />} />
            <Route path="/games" element={<p>Games hub</p>} />
            <Route path="/friends" element={<p>Friends list</p>} />
          </Routes>
        </Suspense>
      </WithChatGamesActors>
    </MemoryRouter>,
  );
}

const bubbles = () =>
  within(screen.getByRole('log')).queryAllByRole('listitem').map((li) => li.querySelector('.message-text')?.textContent);
const senders = () =>
  within(screen.getByRole('log')).queryAllByRole('listitem').map((li) => li.querySelector('.message-sender')?.textContent);

// The chat's own words (ours where docs/product.md leaves them open), written out rather than imported from the code.
const SOLO_WELCOME = "Welcome to Hot Takes solo! 🔥 No partner, no mercy: what's your hottest take? Drop it below and I'll judge it.";
const RESULTS = /^Alright, the results are in!.*\/continue/;
const FIRST_REACTION = "Ooh, that's a bold one. The crowd is split right down the middle! 🔥";
const STORAGE_FULL =
  'Your browser storage is full, so this change could not be saved. Free some space (for example Settings → Clear App Data) and try again.';

const counter = () => document.querySelector('.solo-counter')?.textContent;

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ shouldAdvanceTime: true });
  // 0 → the first sample user for the reveal, the first canned reaction, and a 1000 ms reaction delay.
  vi.spyOn(Math, 'random').mockReturnValue(0);
  ai.generatePersonaHotTake.mockReset();
  ai.generateFriendChatReply.mockReset();
});
afterEach(resetScreen);

describe('Chat screen: Hot Takes solo chat (/chat)', () => {
  it('runs the /continue flow with a counter, then saves the session and goes to /games', async () => {
    ai.generatePersonaHotTake.mockImplementation(async (req: { username: string; prompt: string }) => `${req.username} on "${req.prompt}": never.`);
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAt('/chat');

    expect(await screen.findByRole('heading', { level: 1, name: 'Hot Takes' })).toBeInTheDocument();
    expect(screen.getByText(GAMES.hottakes.tagline)).toBeInTheDocument();
    expect(bubbles()).toEqual([SOLO_WELCOME]);
    expect(within(screen.getByRole('group', { name: 'Quick emojis' })).getAllByRole('button')).toHaveLength(10);
    expect(counter()).toBe('0 messages sent');

    const input = screen.getByPlaceholderText(GAMES.hottakes.placeholder);
    await user.type(input, 'Cereal is soup{Enter}');
    expect(screen.getByText('Hot Takes is typing...')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-disabled', 'true');
    // The judges take 1200 ms (the exact edge is pinned on a simulated clock in tests/machines/soloChat.test.ts).
    await act(() => vi.advanceTimersByTimeAsync(1200));
    expect(bubbles().at(-1)).toMatch(RESULTS);
    expect(counter()).toBe('1 message sent');

    await user.type(input, '/continue{Enter}');
    const take = `${SAMPLE_USERS[0]!.username} on "Cereal is soup": never.`;
    expect(await screen.findByText(take)).toBeInTheDocument();
    expect(senders().at(-1)).toBe('RiffLord');
    expect(ai.generatePersonaHotTake).toHaveBeenCalledWith(expect.objectContaining({ username: 'RiffLord', prompt: 'Cereal is soup' }));

    await user.type(input, 'Fight me{Enter}');
    expect(screen.getByText('Hot Takes is typing...')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(bubbles().at(-1)).toBe(FIRST_REACTION);

    await user.click(screen.getByRole('button', { name: 'Send 🔥' }));
    expect(bubbles().at(-1)).toBe('🔥');
    expect(counter()).toBe('4 messages sent');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Games hub')).toBeInTheDocument();
    const [log] = chatLogsKey('hottakes').read();
    expect(log?.summary).toBe('Hot Takes session with 8 messages');
  });

  it('shows the storage-full text and keeps the conversation when the log cannot be saved', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAt('/chat');
    const input = await screen.findByPlaceholderText(GAMES.hottakes.placeholder);
    await user.type(input, 'Cereal is soup{Enter}');
    await act(() => vi.advanceTimersByTimeAsync(1200));
    // From here every write fails as a full browser storage does; reads still work.
    const real = localStorage;
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => real.getItem(k),
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: (k: string) => real.removeItem(k),
      key: (i: number) => real.key(i),
      get length() {
        return real.length;
      },
      clear: () => real.clear(),
    } satisfies Storage);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(STORAGE_FULL);
    expect(bubbles().slice(0, 2)).toEqual([SOLO_WELCOME, 'Cereal is soup']);
    expect(bubbles().at(2)).toMatch(RESULTS);
    await user.click(screen.getByRole('button', { name: 'Keep chatting' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByText('Games hub')).toBeInTheDocument();
  });
});

describe('Chat screen: friend chat', () => {
  it('/chat/:friendId greets from the friend, answers in their persona and goes back to /friends', async () => {
    let answer: (text: string) => void = () => undefined;
    ai.generateFriendChatReply.mockImplementation(() => new Promise<string>((resolve) => (answer = resolve)));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAt('/chat/user-1');

    expect(await screen.findByRole('heading', { level: 1, name: 'RiffLord' })).toBeInTheDocument();
    expect(screen.getByText('Loud, loyal and allergic to half-measures.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Chatting with RiffLord' })).toHaveTextContent('RI');
    expect(within(screen.getByRole('group', { name: 'Quick emojis' })).getAllByRole('button')).toHaveLength(10);
    const greeting = friendGreeting(SAMPLE_USERS[0]!);
    expect(bubbles()).toEqual([greeting]);
    expect(senders()).toEqual(['RiffLord']);

    const payload = '<img src=x onerror=alert(1)>';
    await user.type(screen.getByPlaceholderText('Message RiffLord...'), `${payload}{Enter}`);
    expect(bubbles()).toEqual([greeting, payload]);
    expect(document.querySelector('.message-text img')).toBeNull();
    expect(screen.getByText('RiffLord is typing...')).toBeInTheDocument();
    await act(async () => answer('Elden Ring, obviously.'));
    expect(bubbles()).toEqual([greeting, payload, 'Elden Ring, obviously.']);
    expect(senders()).toEqual(['RiffLord', 'You', 'RiffLord']);
    expect(screen.queryByText('RiffLord is typing...')).toBeNull();
    const [req, pick] = ai.generateFriendChatReply.mock.calls[0]!;
    expect(req).toEqual({
      username: 'RiffLord',
      personality: SAMPLE_USERS[0]!.personality,
      interests: SAMPLE_USERS[0]!.interests,
      messages: [{ sender: 'RiffLord', text: greeting }],
      message: payload,
    });
    expect(typeof pick).toBe('function');

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Friends list')).toBeInTheDocument();
    expect(Object.keys(localStorage).filter((k) => k.endsWith('_chat_logs'))).toEqual([]);
  });

  it('takes the friend from navigation state on /chat', async () => {
    renderAt({ pathname: '/chat', state: { friendId: 'user-2' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'PixelPoet' })).toBeInTheDocument();
    expect(bubbles()[0]).toContain('PixelPoet');
  });

  it('an unknown friend id shows not-found with a way back to /friends', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAt('/chat/user-404');
    expect(await screen.findByRole('heading', { name: 'Friend not found' })).toBeInTheDocument();
    expect(screen.getByText("We couldn't find that friend. They may have been removed, or the link is out of date.")).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to Friends' }));
    expect(await screen.findByText('Friends list')).toBeInTheDocument();
  });
});
