// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../src/domain/errors';
import { chatLogsKey } from '../../src/storage/chatLogs';
import { currentUserStatsKey } from '../../src/storage/leaderboard';
import { friendsKey } from '../../src/storage/users';
import HotTakesMatchChat from '../../src/ui/screens/HotTakesMatchChat';

const ai = vi.hoisted(() => ({
  generateHotTakesPrompt: vi.fn(),
  generatePersonaHotTake: vi.fn(),
  generateFirstResponse: vi.fn(),
  generateMatchedChatReply: vi.fn(),
}));
vi.mock('../../src/services/ai', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/services/ai')>()),
  ...ai,
}));

const PROMPT = 'Hot take: the album era is over.';
const TAKE = 'Albums are for people with too much time.';

function renderChat() {
  return render(
    <MemoryRouter initialEntries={['/games/hottakes/chat']}>
      <Routes>
        <Route path="/games/hottakes/chat" element={<HotTakesMatchChat />} />
        <Route path="/games" element={<p>Games hub</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const textbox = () => screen.getByRole('textbox', { name: 'Message' });
const bubbles = () => within(screen.getByRole('log')).queryAllByRole('listitem').map((li) => li.querySelector('.message-text')?.textContent);

beforeEach(() => {
  localStorage.clear();
  // 0 → the first other sample user (RiffLord) is the partner.
  vi.spyOn(Math, 'random').mockReturnValue(0);
  ai.generateHotTakesPrompt.mockReset().mockResolvedValue(PROMPT);
  ai.generatePersonaHotTake.mockReset().mockResolvedValue(TAKE);
  ai.generateFirstResponse.mockReset().mockResolvedValue('Outrageous! Albums are sacred.');
  ai.generateMatchedChatReply.mockReset().mockResolvedValue('Still wrong.');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  localStorage.clear();
});

describe('Hot Takes matched chat screen', () => {
  it('shows the partner and prompt, keeps the input disabled with a hint until the partner take is ready', async () => {
    let releaseTake!: (take: string) => void;
    ai.generatePersonaHotTake.mockReturnValue(new Promise((resolve) => (releaseTake = resolve)));
    renderChat();
    const card = await screen.findByRole('region', { name: "Today's debate" });
    expect(within(card).getByText(PROMPT)).toBeInTheDocument();
    expect(within(card).getByText('RiffLord')).toBeInTheDocument();
    expect(textbox()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText("Waiting for RiffLord's hot take...")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
    expect(ai.generatePersonaHotTake).toHaveBeenCalledWith(expect.objectContaining({ username: 'RiffLord', prompt: PROMPT }));

    await act(async () => releaseTake(TAKE));
    await waitFor(() => expect(textbox()).not.toHaveAttribute('aria-disabled'));
    expect(within(card).getByText("RiffLord's take is locked in. Drop yours below!")).toBeInTheDocument();
  });

  it('reveals the partner take after the first message, then the brash reply; back saves the log and records the win', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderChat();
    await waitFor(() => expect(textbox()).not.toHaveAttribute('aria-disabled'));
    await user.type(textbox(), 'Albums forever{Enter}');
    expect(bubbles().at(-1)).toBe('Albums forever');
    expect(textbox()).toHaveAttribute('aria-disabled', 'true');

    await act(async () => vi.advanceTimersByTime(500));
    expect(bubbles().at(-1)).toBe("Great! Here's what RiffLord said about this:");
    await act(async () => vi.advanceTimersByTime(1000));
    expect(bubbles().at(-1)).toBe(TAKE);
    await act(async () => vi.advanceTimersByTime(1500));
    expect(bubbles().at(-1)).toBe('Outrageous! Albums are sacred.');
    // Honest labels (issue 13): the partner's lines, written by the AI in RiffLord's persona, say so; the
    // game's line and the user's do not; the prompt card marks RiffLord as a sample person.
    const labelled = within(screen.getByRole('log'))
      .getAllByRole('listitem')
      .map((li) => [li.querySelector('.message-text')?.textContent, within(li).queryByText('AI persona') !== null]);
    expect(labelled).toEqual([
      ['Welcome to Hot Takes! Get ready to defend your spiciest opinion. 🔥', false],
      ['Albums forever', false],
      ["Great! Here's what RiffLord said about this:", false],
      [TAKE, true],
      ['Outrageous! Albums are sacred.', true],
    ]);
    expect(within(screen.getByRole('region', { name: "Today's debate" })).getByText('Sample')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Games hub')).toBeInTheDocument();
    const [log] = chatLogsKey('hottakes').read();
    expect(log).toMatchObject({ partner: 'RiffLord', summary: 'Hot Takes session with 4 messages' });
    expect(currentUserStatsKey.read()).toMatchObject({ totalPoints: 1360, gamesPlayed: 13, hotTakesScore: 960, winRate: 69, streak: 6 });
  });

  it('a full storage keeps the chat on screen with the storage text; retry saves once space is free', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const setItem = localStorage.setItem.bind(localStorage);
    let full = true;
    vi.spyOn(localStorage, 'setItem').mockImplementation((key: string, value: string) => {
      if (full && key === 'hottakes_chat_logs') throw new DOMException('full', 'QuotaExceededError');
      setItem(key, value);
    });
    renderChat();
    await waitFor(() => expect(textbox()).not.toHaveAttribute('aria-disabled'));
    await user.type(textbox(), 'Albums forever{Enter}');
    await act(async () => vi.advanceTimersByTime(500));
    await user.click(screen.getByRole('button', { name: 'Back' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Your browser storage is full, so this change could not be saved. Free some space (for example Settings → Clear App Data) and try again.',
    );
    expect(bubbles()).toEqual([expect.stringContaining('Welcome to Hot Takes!'), 'Albums forever', "Great! Here's what RiffLord said about this:"]);
    expect(screen.queryByText('Games hub')).not.toBeInTheDocument();

    full = false;
    await user.click(within(alert).getByRole('button', { name: 'Try saving again' }));
    expect(await screen.findByText('Games hub')).toBeInTheDocument();
    expect(chatLogsKey('hottakes').read()).toHaveLength(1);
    expect(localStorage.getItem('user_leaderboard_stats')).toBeNull(); // left before the conversation: no win
  });

  it('shows the load-failure text with a retry that starts the game', async () => {
    ai.generateHotTakesPrompt.mockRejectedValueOnce(new AppError('AI_FAILED'));
    const user = userEvent.setup();
    renderChat();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Sorry, I had trouble loading the game. Please try again!');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(PROMPT)).toBeInTheDocument();
  });

  it('opens the partner profile as a modal dialog; Add Friend turns into a disabled Already Friends; Escape closes', async () => {
    const user = userEvent.setup();
    renderChat();
    await screen.findByText(PROMPT);
    // Two avatars open the profile: the chat header's (first in the page) and the prompt card's.
    const avatars = screen.getAllByRole('button', { name: "View RiffLord's profile" });
    expect(avatars).toHaveLength(2);
    const avatar = avatars[0]!;
    await user.click(avatar);

    const dialog = await screen.findByRole('dialog', { name: 'RiffLord' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(within(dialog).getByRole('heading', { name: 'Personality' })).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Interests' })).toBeInTheDocument();
    expect(within(dialog).getByText('Metal')).toBeInTheDocument();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    const add = await within(dialog).findByRole('button', { name: 'Add Friend' });
    await user.click(add);
    const already = await within(dialog).findByRole('button', { name: 'Already Friends' });
    expect(already).toBeDisabled();
    expect(within(dialog).getByRole('status')).toHaveTextContent("You're now friends with RiffLord!");
    expect(friendsKey.read()).toEqual([expect.objectContaining({ user_id: 'user-current', friend_id: 'user-1' })]);
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(avatar).toHaveFocus();
  });

  it('shows Already Friends for a partner who is already a friend', async () => {
    friendsKey.write([{ id: 'x', user_id: 'user-1', friend_id: 'user-current' }]);
    const user = userEvent.setup();
    renderChat();
    await screen.findByText(PROMPT);
    await user.click(screen.getAllByRole('button', { name: "View RiffLord's profile" })[1]!);
    const dialog = await screen.findByRole('dialog', { name: 'RiffLord' });
    expect(await within(dialog).findByRole('button', { name: 'Already Friends' })).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Add Friend' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
