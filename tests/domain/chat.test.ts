import { describe, expect, it } from 'vitest';
import {
  answeredMessage,
  appendMessage,
  buildChatLog,
  chatLogSummary,
  createMessage,
  isSendable,
  previewLog,
  welcomeMessage,
  type ChatMessage,
} from '../../src/domain/chat';

const NOW = 1_767_225_600_000;
const welcome = welcomeMessage('Welcome to Fight Club!', NOW);

function withUserTexts(...texts: string[]): ChatMessage[] {
  return texts.reduce<ChatMessage[]>((all, text) => appendMessage(all, { text, sender: 'user' }, NOW), [welcome]);
}

describe('chat messages', () => {
  it('the welcome message is from other, id 1, text type, ISO time', () => {
    expect(welcome).toEqual({ id: '1', text: 'Welcome to Fight Club!', sender: 'other', type: 'text', timestamp: new Date(NOW).toISOString() });
  });

  it('blank text is not sendable; anything else is, kept as typed', () => {
    for (const blank of ['', ' ', '\n\t  \n']) expect(isSendable(blank)).toBe(false);
    for (const text of [' a ', '🔥', '\nx']) expect(isSendable(text)).toBe(true);
    expect(createMessage([welcome], { text: '  spaced  ', sender: 'user' }, NOW).text).toBe('  spaced  ');
  });

  it('ids stay distinct for messages created in the same millisecond', () => {
    const msgs = withUserTexts('a', 'b', 'c');
    const emoji = appendMessage(msgs, { text: '🔥', sender: 'user', type: 'emoji' }, NOW);
    const ids = emoji.map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(emoji.at(-1)).toMatchObject({ type: 'emoji', text: '🔥' });
  });

  it('appendMessage never mutates the list it is given', () => {
    const before = [welcome];
    appendMessage(before, { text: 'x', sender: 'user' }, NOW);
    expect(before).toEqual([welcome]);
  });
});

describe('chat logs', () => {
  it('the summary counts messages without the welcome one', () => {
    expect(chatLogSummary('Kill My Vibe', withUserTexts('a', 'b', 'c'))).toBe('Kill My Vibe session with 3 messages');
    expect(chatLogSummary('Kill My Vibe', [welcome])).toBe('Kill My Vibe session with 0 messages');
  });

  it('a log carries a timestamp id, the ISO time, a copy of the messages and, for matched chats, the partner', () => {
    const msgs = withUserTexts('a');
    const log = buildChatLog('Hot Takes', msgs, NOW, 'RiffLord');
    expect(log).toEqual({ id: String(NOW), timestamp: new Date(NOW).toISOString(), messages: msgs, summary: 'Hot Takes session with 1 messages', partner: 'RiffLord' });
    expect(log.messages).not.toBe(msgs);
    expect('partner' in buildChatLog('Fight Club', msgs, NOW)).toBe(false);
  });

  it('the preview keeps 5 messages, cuts each to 50 characters plus "...", and counts the rest', () => {
    const long = 'y'.repeat(51);
    const exact = 'z'.repeat(50);
    const log = buildChatLog('Fight Club', withUserTexts(long, exact, 'c', 'd', 'e', 'f', 'g'), NOW);
    const preview = previewLog(log);
    expect(preview.lines).toHaveLength(5);
    expect(preview.lines[0]).toEqual({ id: '1', sender: 'other', text: 'Welcome to Fight Club!' });
    expect(preview.lines[1]!.text).toBe(`${'y'.repeat(50)}...`);
    expect(preview.lines[2]!.text).toBe(exact);
    expect(preview.more).toBe(3);
    expect(previewLog(buildChatLog('Fight Club', withUserTexts('a', 'b', 'c', 'd'), NOW)).more).toBe(0);
  });

  it('the cut never splits an emoji', () => {
    const emojis = '🔥'.repeat(60);
    const [, line] = previewLog(buildChatLog('Emoji Story', withUserTexts(emojis), NOW)).lines;
    expect(line!.text).toBe(`${'🔥'.repeat(50)}...`);
    expect(line!.text).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});

describe('answeredMessage', () => {
  const said = (sender: string, text: string, type: ChatMessage['type'] = 'text'): ChatMessage => ({ id: text, sender, text, type, timestamp: '2026-11-24T06:00:00.000Z' });

  it('answers the newest typed message and keeps everything else, in order, as history', () => {
    const chat = [said('other', 'Welcome'), said('user', 'first'), said('Ada', 'reply one'), said('user', 'second'), said('user', '🔥', 'emoji'), said('Ada', 'reply two')];
    expect(answeredMessage(chat)).toEqual({
      message: 'second',
      history: [said('other', 'Welcome'), said('user', 'first'), said('Ada', 'reply one'), said('user', '🔥', 'emoji'), said('Ada', 'reply two')],
    });
  });

  it('answers nothing when the user has typed nothing yet (emojis are reactions)', () => {
    const chat = [said('other', 'Welcome'), said('user', '👍', 'emoji')];
    expect(answeredMessage(chat)).toEqual({ message: '', history: chat });
  });
});
