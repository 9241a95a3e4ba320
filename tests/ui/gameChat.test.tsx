// @vitest-environment happy-dom
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOT_REPLIES } from '../../src/domain/botReplies';
import { GAMES } from '../../src/domain/games';
import { chatLogsKey } from '../../src/features/chat/storage/chatLogs';
import GameChat from '../../src/features/games/ui/GameChat';
import { bubbles, loadMatchedChatChunkFirst, renderGamesChat } from '../support/gamesChatScreen';
import { resetScreen } from '../support/screenTeardown';

const STORAGE_FULL =
  'Your browser storage is full, so this change could not be saved. Free some space (for example Settings → Clear App Data) and try again.';

// The matched Hot Takes game's AI never answers the prompt here: the screen stays at its first steps.
const silentAi = {
  generateHotTakesPrompt: () => new Promise<string>(() => undefined),
  generatePersonaHotTake: () => new Promise<string>(() => undefined),
  generateFirstResponse: () => new Promise<string>(() => undefined),
  generateMatchedChatReply: () => new Promise<string>(() => undefined),
};

const renderAt = (path: string) => renderGamesChat(path, '/games/:game/chat', <GameChat />, silentAi);

loadMatchedChatChunkFirst();
beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.spyOn(Math, 'random').mockReturnValue(0.5); // jitter 1000 ms → replies due 2000 ms after a send
});
afterEach(resetScreen);

describe('GameChat screen', () => {
  it('an unknown game is not found', async () => {
    renderAt('/games/tetris/chat');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });

  it('hottakes opens the matched Hot Takes chat', async () => {
    renderAt('/games/hottakes/chat');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hot Takes' })).toBeInTheDocument();
    expect(await screen.findByText('Cooking up a debate topic...')).toBeInTheDocument();
  });

  it('a bot game round trip: welcome, send, typing, reply after 1-3 s, emoji without reply, back saves the log', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAt('/games/killmyvibe/chat');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kill My Vibe' })).toBeInTheDocument();
    expect(bubbles()).toEqual([GAMES.killmyvibe.welcome]);
    const input = screen.getByPlaceholderText('Share your music taste...');
    await user.type(input, ' I love polka {Enter}');
    expect(bubbles()).toEqual([GAMES.killmyvibe.welcome, ' I love polka ']);
    expect(screen.getByText('Kill My Vibe is typing...')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1500);
    });
    expect(bubbles()).toHaveLength(2);
    act(() => {
      vi.advanceTimersByTime(600);
    });
    expect(bubbles()).toEqual([GAMES.killmyvibe.welcome, ' I love polka ', BOT_REPLIES.killmyvibe[3]]);
    expect(screen.queryByText('Kill My Vibe is typing...')).toBeNull();
    expect(screen.getAllByRole('button', { name: /^Send (?!message)/ })).toHaveLength(15);
    await user.click(screen.getByRole('button', { name: 'Send 💀' }));
    act(() => {
      vi.advanceTimersByTime(4000);
    });
    expect(bubbles()).toHaveLength(4);
    expect(bubbles()[3]).toBe('💀');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Games hub')).toBeInTheDocument();
    const [log] = chatLogsKey('killmyvibe').read();
    expect(log?.summary).toBe('Kill My Vibe session with 3 messages');
    expect(log?.messages.map((m) => m.text)).toEqual([GAMES.killmyvibe.welcome, ' I love polka ', BOT_REPLIES.killmyvibe[3], '💀']);
  });

  it('back with only the welcome message saves nothing', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderAt('/games/emojistory/chat');
    await user.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByText('Games hub')).toBeInTheDocument();
    expect(localStorage.getItem('emojistory_chat_logs')).toBeNull();
  });

  it('storage full on back: the chat stays with the contract text; keep chatting, retry, or leave without saving', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const full = vi.spyOn(localStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    renderAt('/games/fightclub/chat');
    await user.click(await screen.findByRole('button', { name: 'Send 🔥' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(STORAGE_FULL);
    expect(bubbles()).toEqual([GAMES.fightclub.welcome, '🔥']);
    expect(screen.getByRole('button', { name: 'Send message' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Keep chatting' }));
    expect(screen.queryByRole('alert')).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'round two{Enter}');
    expect(bubbles()).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(STORAGE_FULL);
    full.mockRestore();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Games hub')).toBeInTheDocument();
    expect(chatLogsKey('fightclub').read()[0]?.summary).toBe('Fight Club session with 2 messages');
  });

  it('leave without saving goes to the hub and stores nothing', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    vi.spyOn(localStorage, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    renderAt('/games/patchnotes/chat');
    await user.click(await screen.findByRole('button', { name: 'Send 🔥' }));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(await screen.findByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByText('Games hub')).toBeInTheDocument();
    expect(localStorage.getItem('patchnotes_chat_logs')).toBeNull();
  });
});
