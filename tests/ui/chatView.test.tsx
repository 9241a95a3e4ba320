// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildChatLog, welcomeMessage, type ChatMessage } from '../../src/domain/chat';
import { chatLogsKey } from '../../src/features/chat/storage/chatLogs';
import ChatView from '../../src/features/chat/ui/ChatView';
import { WithChatGamesActors } from '../support/featureActors';
import type { ChatViewProps } from '../../src/features/chat/ui/chatViewProps';
import { resetScreen } from '../support/screenTeardown';

const NOW = Date.UTC(2026, 0, 2, 3, 4, 5);

function msg(id: string, text: string, sender = 'user', type: ChatMessage['type'] = 'text'): ChatMessage {
  return { id, text, sender, timestamp: new Date(NOW).toISOString(), type };
}

function renderChat(overrides: Partial<ChatViewProps> = {}) {
  const props: ChatViewProps = {
    title: 'Kill My Vibe',
    tagline: 'Share your music taste and get roasted',
    logsGame: 'killmyvibe',
    messages: [welcomeMessage('Welcome!', NOW)],
    emojis: ['🔥', '💀'],
    placeholder: 'Share your music taste...',
    onSend: vi.fn(),
    onEmoji: vi.fn(),
    onBack: vi.fn(),
    ...overrides,
  };
  const view = render(<ChatView {...props} />, { wrapper: WithChatGamesActors });
  return { props, view, input: screen.getByRole('textbox', { name: 'Message' }), send: screen.getByRole('button', { name: 'Send message' }) };
}

beforeEach(() => localStorage.clear());
afterEach(resetScreen);

describe('ChatView', () => {
  it('shows the header, the placeholder and every message with its sender, user messages on the right', () => {
    renderChat({ messages: [welcomeMessage('Welcome!', NOW), msg('a', 'hi there'), msg('b', 'hello back', 'other')] });
    expect(screen.getByRole('heading', { level: 1, name: 'Kill My Vibe' })).toBeInTheDocument();
    expect(screen.getByText('Share your music taste and get roasted')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Share your music taste...')).toBeInTheDocument();
    const log = screen.getByRole('log');
    expect(log).toHaveAttribute('aria-live', 'polite');
    const items = within(log).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(['Kill My VibeWelcome!', 'Youhi there', 'Kill My Vibehello back']);
    expect(items[1]).toHaveClass('message-mine');
    expect(items[2]).toHaveClass('message-theirs');
  });

  it('Enter sends the text untrimmed and clears the draft; Shift+Enter adds a newline; focus stays in the box', async () => {
    const user = userEvent.setup();
    const { props, input } = renderChat();
    await user.click(input);
    await user.keyboard('  line one{Shift>}{Enter}{/Shift}line two  ');
    expect(input).toHaveValue('  line one\nline two  ');
    expect(props.onSend).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(props.onSend).toHaveBeenCalledWith('  line one\nline two  ');
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
  });

  it('the send button is disabled while the text is blank and sends through a click otherwise', async () => {
    const user = userEvent.setup();
    const { props, input, send } = renderChat();
    expect(send).toBeDisabled();
    await user.type(input, '   ');
    expect(send).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(props.onSend).not.toHaveBeenCalled();
    await user.type(input, 'x');
    expect(send).toBeEnabled();
    await user.click(send);
    expect(props.onSend).toHaveBeenCalledWith('   x');
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
  });

  it('Enter while an IME is composing does not send', async () => {
    const { props, input } = renderChat();
    const user = userEvent.setup();
    await user.type(input, 'ni');
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', isComposing: true, bubbles: true, cancelable: true }));
    expect(props.onSend).not.toHaveBeenCalled();
    expect(input).toHaveValue('ni');
  });

  it('emoji buttons send their emoji; emoji messages render large', async () => {
    const user = userEvent.setup();
    const { props } = renderChat({ messages: [welcomeMessage('Welcome!', NOW), msg('e', '🔥', 'user', 'emoji')] });
    await user.click(screen.getByRole('button', { name: 'Send 🔥' }));
    expect(props.onEmoji).toHaveBeenCalledWith('🔥');
    expect(within(screen.getByRole('log')).getAllByRole('listitem')[1]).toHaveClass('message-emoji');
  });

  it('renders markup as text: no element is created from a message', () => {
    const xss = '<img src=x onerror=alert(1)>';
    const { view } = renderChat({ messages: [welcomeMessage('Welcome!', NOW), msg('x', xss)] });
    expect(screen.getByText(xss)).toBeInTheDocument();
    expect(view.container.querySelector('img')).toBeNull();
  });

  it('disabled input: read-only, send and emojis disabled, the hint shown and tied to the box', async () => {
    const user = userEvent.setup();
    const { props, input, send } = renderChat({ inputDisabled: true, inputHint: "Waiting for RiffLord's hot take..." });
    expect(input).toHaveAttribute('aria-disabled', 'true');
    expect(input).toHaveAttribute('readonly');
    expect(input).toHaveAccessibleDescription("Waiting for RiffLord's hot take...");
    await user.type(input, 'hi{Enter}');
    expect(input).toHaveValue('');
    expect(send).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Send 🔥' })).toBeDisabled();
    expect(props.onSend).not.toHaveBeenCalled();
  });

  it('shows the typing line, the banner, a partner avatar that opens the profile, and the back button', async () => {
    const user = userEvent.setup();
    const onOpenProfile = vi.fn();
    const { props } = renderChat({ typingName: 'RiffLord', banner: <p>Prompt card</p>, partner: { name: 'RiffLord', onOpenProfile } });
    expect(screen.getByText('RiffLord is typing...')).toBeInTheDocument();
    expect(screen.getByText('Prompt card')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: "View RiffLord's profile" }));
    expect(onOpenProfile).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(props.onBack).toHaveBeenCalledTimes(1);
  });

  it('the two extra icon buttons are honest placeholders that do nothing, out of the tab order', async () => {
    renderChat();
    for (const name of ['Attach (coming soon)', 'Voice (coming soon)']) {
      expect(screen.getByRole('button', { name })).toHaveAttribute('aria-disabled', 'true');
      expect(screen.getByRole('button', { name })).toHaveAttribute('tabindex', '-1');
    }
  });

  it('opens with focus in the message box, inside the main landmark', () => {
    const { input } = renderChat();
    expect(input).toHaveFocus();
    expect(screen.getByRole('main')).toContainElement(input);
  });

  it('Tab goes from the message box to Send, then straight to the emoji buttons (the coming-soon extras are skipped)', async () => {
    const user = userEvent.setup();
    const { input } = renderChat();
    await user.type(input, 'hello');
    const order: (string | null)[] = [];
    for (let i = 0; i < 3; i += 1) {
      await user.tab();
      order.push(document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent ?? null);
    }
    expect(order).toEqual(['Send message', 'Send 🔥', 'Send 💀']);
  });

  it('toggles to the logs view (empty state), back to the chat keeping the draft', async () => {
    const user = userEvent.setup();
    const { input } = renderChat();
    await user.type(input, 'draft');
    await user.click(screen.getByRole('button', { name: 'View Chat Logs' }));
    expect(await screen.findByText('No chat logs yet. Start a conversation!')).toBeInTheDocument();
    expect(screen.queryByRole('log')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back to Chat' }));
    expect(screen.getByRole('log')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('draft');
  });

  it('the logs view lists summaries, date and time, 5 previews cut to 50 characters and the rest counted', async () => {
    const user = userEvent.setup();
    const long = 'x'.repeat(60);
    const many = [welcomeMessage('Welcome!', NOW), ...Array.from({ length: 7 }, (_, i) => msg(`m${i}`, i === 0 ? long : `m${i}`))];
    const older = buildChatLog('Kill My Vibe', [welcomeMessage('Welcome!', NOW), msg('u', 'hi')], NOW - 60_000);
    chatLogsKey('killmyvibe').write([buildChatLog('Kill My Vibe', many, NOW), older]);
    renderChat();
    await user.click(screen.getByRole('button', { name: 'View Chat Logs' }));
    const entries = await screen.findAllByRole('heading', { level: 2, name: /session with/ });
    expect(entries.map((h) => h.textContent)).toEqual(['Kill My Vibe session with 7 messages', 'Kill My Vibe session with 1 messages']);
    expect(screen.getByText(new Date(NOW).toLocaleString())).toBeInTheDocument();
    expect(screen.getByText(`${'x'.repeat(50)}...`)).toBeInTheDocument();
    expect(screen.getByText('... and 3 more messages')).toBeInTheDocument();
    expect(screen.getAllByText('... and', { exact: false })).toHaveLength(1);
    const firstPreview = document.querySelector('.chat-log-lines')!;
    expect([...firstPreview.querySelectorAll('li')].map((li) => li.textContent).slice(0, 2)).toEqual(['Kill My Vibe: Welcome!', `You: ${'x'.repeat(50)}...`]);
  });

  it('a log opens in full from the list, every message uncut and read-only, and Back to logs returns to the list', async () => {
    const user = userEvent.setup();
    const long = 'y'.repeat(60);
    const many = [welcomeMessage('Welcome!', NOW), ...Array.from({ length: 7 }, (_, i) => msg(`m${i}`, i === 0 ? long : `line ${i}`))];
    chatLogsKey('killmyvibe').write([buildChatLog('Kill My Vibe', many, NOW)]);
    renderChat();
    await user.click(screen.getByRole('button', { name: 'View Chat Logs' }));
    await user.click(await screen.findByRole('button', { name: 'Read full log' }));
    const full = screen.getByRole('article', { name: 'Kill My Vibe session with 7 messages' });
    expect(screen.getByRole('heading', { level: 2, name: 'Kill My Vibe session with 7 messages' })).toHaveFocus();
    expect(within(full).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Kill My Vibe: Welcome!',
      `You: ${'y'.repeat(60)}`,
      'You: line 1',
      'You: line 2',
      'You: line 3',
      'You: line 4',
      'You: line 5',
      'You: line 6',
    ]);
    expect(screen.queryByText('... and 3 more messages')).toBeNull();
    // Read-only: nothing to type into or send while the log is open (the chat below is hidden).
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send message' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Back to logs' }));
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.getByText('... and 3 more messages')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Read full log' })).toHaveFocus();
  });
});
