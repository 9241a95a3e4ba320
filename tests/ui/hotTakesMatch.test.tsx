// @vitest-environment happy-dom
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import { AppError } from '../../src/domain/errors';
import { chatLogsKey } from '../../src/features/chat/storage/chatLogs';
import { currentUserStatsKey } from '../../src/features/games/storage/leaderboard';
import { friendsKey } from '../../src/shared/people/usersStore';
import HotTakesMatchChat from '../../src/features/games/ui/HotTakesMatchChat';
import { hotTakesMatchActorsWith, type HotTakesMatchAi } from '../../src/features/games/actors/hotTakesMatch.actors';
import { bubbles, renderGamesChat } from '../support/gamesChatScreen';
import { WithChatGamesActors } from '../support/featureActors';
import { resetScreen } from '../support/screenTeardown';
import { expectSafeAnswerReturnsFocus } from '../support/questionDialog';

const ai = {
  generateHotTakesPrompt: vi.fn<HotTakesMatchAi['generateHotTakesPrompt']>(),
  generatePersonaHotTake: vi.fn<HotTakesMatchAi['generatePersonaHotTake']>(),
  generateFirstResponse: vi.fn<HotTakesMatchAi['generateFirstResponse']>(),
  generateMatchedChatReply: vi.fn<HotTakesMatchAi['generateMatchedChatReply']>(),
};

const PROMPT = 'Hot take: the album era is over.';
const TAKE = 'Albums are for people with too much time.';

const renderChat = (partnerLabel?: string) =>
  renderGamesChat('/games/hottakes/chat', '/games/hottakes/chat', <HotTakesMatchChat partnerLabel={partnerLabel} />, ai);

const textbox = () => screen.getByRole('textbox', { name: 'Message' });

/** Opens the debate on a fake clock (that also moves on its own) and waits until a take can be written. */
async function openDebateOnFakeClock() {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  renderChat();
  await waitFor(() => expect(textbox()).not.toHaveAttribute('aria-disabled'));
  return user;
}

/** Opens the debate on a fake clock, writes one take, lets the partner answer twice and ends it: won, +110 points. */
async function winDebateOnFakeClock() {
  const user = await openDebateOnFakeClock();
  await user.type(textbox(), 'Albums forever{Enter}');
  await act(async () => vi.advanceTimersByTime(1500));
  await act(async () => vi.advanceTimersByTime(1500));
  await user.click(screen.getByRole('button', { name: 'End debate' }));
  await screen.findByRole('heading', { name: 'Debate won: +110 points' });
  return user;
}

beforeEach(() => {
  localStorage.clear();
  // 0 → the first other sample user (RiffLord) is the partner.
  vi.spyOn(Math, 'random').mockReturnValue(0);
  ai.generateHotTakesPrompt.mockReset().mockResolvedValue(PROMPT);
  ai.generatePersonaHotTake.mockReset().mockResolvedValue(TAKE);
  ai.generateFirstResponse.mockReset().mockResolvedValue('Outrageous! Albums are sacred.');
  ai.generateMatchedChatReply.mockReset().mockResolvedValue('Still wrong.');
});
afterEach(resetScreen);

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

  it('keeps the message box, Send and the emojis disabled while the game is being started, so no take is typed and lost', async () => {
    let started!: (gameId: string | null) => void;
    render(
      <MemoryRouter>
        <WithChatGamesActors
          fakes={(viewer) => ({
            games: {
              hotTakesMatch: {
                actors: { ...hotTakesMatchActorsWith(viewer, ai), startGame: fromPromise<string | null>(() => new Promise((resolve) => (started = resolve))) },
              },
            },
          })}
        >
          <HotTakesMatchChat />
        </WithChatGamesActors>
      </MemoryRouter>,
    );
    expect(await screen.findByText('Starting the game...')).toBeInTheDocument();
    expect(textbox()).toHaveAttribute('aria-disabled', 'true');
    expect(textbox()).toHaveAttribute('readonly');
    expect(screen.getByText('You can type once the game has loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();
    for (const emoji of within(screen.getByRole('group', { name: 'Quick emojis' })).getAllByRole('button')) expect(emoji).toBeDisabled();

    await act(async () => started(null));
    await waitFor(() => expect(textbox()).not.toHaveAttribute('aria-disabled'));
    expect(screen.queryByText('Starting the game...')).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: "Today's debate" })).getByText(PROMPT)).toBeInTheDocument();
  });

  it('reveals the partner take after the first message, then the brash reply; back says it records the win, then saves the log and records it', async () => {
    const user = await openDebateOnFakeClock();
    await user.type(textbox(), 'Albums forever{Enter}');
    expect(bubbles().at(-1)).toBe('Albums forever');
    expect(textbox()).toHaveAttribute('aria-disabled', 'true');

    await act(async () => vi.advanceTimersByTime(500));
    expect(bubbles().at(-1)).toBe("Great! Here's what RiffLord said about this:");
    await act(async () => vi.advanceTimersByTime(1000));
    expect(bubbles().at(-1)).toBe(TAKE);
    await act(async () => vi.advanceTimersByTime(1500));
    expect(bubbles().at(-1)).toBe('Outrageous! Albums are sacred.');
    // Honest labels: the partner's lines, written by the AI in RiffLord's persona, say so; the
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
    const question = await screen.findByRole('alertdialog', { name: 'Leave the debate?' });
    expect(question).toHaveTextContent('Leaving now ends the debate and records a win: +110 points. The chat is saved in your chat logs.');
    // Asked, not yet counted.
    expect(chatLogsKey('hottakes').read()).toEqual([]);
    expect(localStorage.getItem('user_leaderboard_stats')).toBeNull();
    await user.click(within(question).getByRole('button', { name: 'Leave' }));
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
    const question = await screen.findByRole('alertdialog', { name: 'Leave the debate?' });
    expect(question).toHaveTextContent(
      'Nothing is counted: a debate is won once RiffLord has answered your take. The chat so far is saved in your chat logs.',
    );
    await user.click(within(question).getByRole('button', { name: 'Leave' }));

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

  it('ends a won debate with End debate: the result shows the points, Play again starts a new game with another prompt', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const NEXT = 'Hot take: encores should be banned.';
    // Told the previous prompt, the AI gives the other one (the first game follows another test's, so it may be either).
    ai.generateHotTakesPrompt.mockImplementation((_: readonly string[], previous?: string) => Promise.resolve(previous === PROMPT ? NEXT : PROMPT));
    renderChat();
    await waitFor(() => expect(textbox()).not.toHaveAttribute('aria-disabled'));
    expect(screen.queryByRole('button', { name: 'End debate' })).not.toBeInTheDocument();
    await user.type(textbox(), 'Albums forever{Enter}');
    await act(async () => vi.advanceTimersByTime(1500));
    // Four messages: the debate is on but not won yet.
    expect(screen.queryByRole('button', { name: 'End debate' })).not.toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(1500));
    await user.type(textbox(), 'Albums are art{Enter}');
    await act(async () => vi.advanceTimersByTime(2000));
    expect(bubbles().at(-1)).toBe('Still wrong.');

    const first = screen.getByRole('region', { name: "Today's debate" }).querySelector('.hot-prompt-text')?.textContent;
    expect([PROMPT, NEXT]).toContain(first);
    const finish = screen.getByRole('button', { name: 'End debate' });
    expect(finish).toHaveAccessibleDescription("You're winning: end the debate now for +130 points, or keep going for more.");
    await user.click(finish);
    const heading = await screen.findByRole('heading', { name: 'Debate won: +130 points' });
    expect(heading).toHaveFocus();
    expect(screen.getByText('Your debate with RiffLord ran to 7 messages. It is saved in your chat logs.')).toBeInTheDocument();
    expect(chatLogsKey('hottakes').read()[0]).toMatchObject({ partner: 'RiffLord', summary: 'Hot Takes session with 6 messages' });
    expect(currentUserStatsKey.read()).toMatchObject({ totalPoints: 1380, gamesPlayed: 13, hotTakesScore: 980 });
    expect(textbox()).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('The debate is over. Play again for a new one.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Play again' }));
    expect(await screen.findByText(first === PROMPT ? NEXT : PROMPT)).toBeInTheDocument();
    expect(ai.generateHotTakesPrompt).toHaveBeenLastCalledWith(expect.any(Array), first);
    expect(bubbles()).toEqual(['Welcome to Hot Takes! Get ready to defend your spiciest opinion. 🔥']);
    expect(textbox()).toHaveFocus();
    expect(screen.queryByRole('heading', { name: /Debate won/ })).not.toBeInTheDocument();
  });

  it("the partner's avatar in the header still opens their profile on the result, where Add Friend works", async () => {
    const user = await winDebateOnFakeClock();
    const avatar = screen.getByRole('button', { name: "View RiffLord's profile" });
    await user.click(avatar);
    const dialog = await screen.findByRole('dialog', { name: 'RiffLord' });
    await user.click(await within(dialog).findByRole('button', { name: 'Add Friend' }));
    expect(await within(dialog).findByRole('button', { name: 'Already Friends' })).toBeDisabled();
    expect(friendsKey.read()).toEqual([expect.objectContaining({ user_id: 'user-current', friend_id: 'user-1' })]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(avatar).toHaveFocus();
    expect(screen.getByRole('heading', { name: 'Debate won: +110 points' })).toBeInTheDocument();
  });

  it('Back to games from the result leaves without counting the game twice', async () => {
    const user = await winDebateOnFakeClock();
    await user.click(screen.getByRole('button', { name: 'Back to games' }));
    expect(await screen.findByText('Games hub')).toBeInTheDocument();
    expect(chatLogsKey('hottakes').read()).toHaveLength(1);
    expect(currentUserStatsKey.read()).toMatchObject({ totalPoints: 1360, gamesPlayed: 13 });
  });

  it('asks before leaving once something was said; Keep debating (or Escape) stays and returns focus to Back; nothing said leaves at once', async () => {
    const user = userEvent.setup();
    renderChat('AI opponent');
    await waitFor(() => expect(textbox()).not.toHaveAttribute('aria-disabled'));
    expect(within(screen.getByRole('region', { name: "Today's debate" })).getByText('AI opponent')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send 🔥' }));
    const back = screen.getByRole('button', { name: 'Back' });
    await user.click(back);
    const question = await screen.findByRole('alertdialog', { name: 'Leave the debate?' });
    expect(question).toHaveTextContent('Nothing is counted or saved: a debate is won once RiffLord has answered your take.');
    await expectSafeAnswerReturnsFocus(user, question, 'Keep debating', back);

    await user.click(back);
    await screen.findByRole('alertdialog', { name: 'Leave the debate?' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.queryByText('Games hub')).not.toBeInTheDocument();

    await user.click(back);
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('Games hub')).toBeInTheDocument();
    expect(chatLogsKey('hottakes').read()).toEqual([]);
  });

  it('leaves at once when nothing was said', async () => {
    const user = userEvent.setup();
    renderChat();
    await screen.findByText(PROMPT);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Games hub')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
