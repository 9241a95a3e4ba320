import { describe, expect, it } from 'vitest';
import {
  CHAT_ROUTES,
  clientFrameSchema,
  conversationSchema,
  isFinalSendError,
  memberMessageSchema,
  messageLengthProblem,
  serverFrameSchema,
} from '../../src/domain/liveContract';

// The live layer's wire contract: the chat routes, and what the server and the client accept
// of each other. Messages are 1 to 2000 characters after trimming; client ids 1 to 64 characters.

describe('chat routes', () => {
  it('name the friend in the path, encoded', () => {
    expect(CHAT_ROUTES.conversations).toBe('/api/chats');
    expect(CHAT_ROUTES.messages('m-1')).toBe('/api/chats/m-1/messages');
    expect(CHAT_ROUTES.messages('a/b c')).toBe('/api/chats/a%2Fb%20c/messages');
    expect(CHAT_ROUTES.mute('m-1')).toBe('/api/chats/m-1/mute');
    expect(CHAT_ROUTES.mute('a/b c')).toBe('/api/chats/a%2Fb%20c/mute');
  });
});

const sendFrame = (fields: { clientId: string; text: string }) => clientFrameSchema.safeParse({ type: 'send', to: 'm-1', ...fields });

describe('send frame', () => {
  it('takes a trimmed text of 1 to 2000 characters and a client id of 1 to 64', () => {
    expect(sendFrame({ clientId: 'c-1', text: '  hi  ' }).data).toEqual({ type: 'send', to: 'm-1', clientId: 'c-1', text: 'hi' });
    expect(sendFrame({ clientId: 'c-1', text: 'x'.repeat(2000) }).success).toBe(true);
    expect(sendFrame({ clientId: 'c-1', text: 'x'.repeat(2001) }).success).toBe(false);
    expect(sendFrame({ clientId: 'c-1', text: '   ' }).success).toBe(false);
    expect(sendFrame({ clientId: '', text: 'hi' }).success).toBe(false);
    expect(sendFrame({ clientId: 'c'.repeat(64), text: 'hi' }).success).toBe(true);
    expect(sendFrame({ clientId: 'c'.repeat(65), text: 'hi' }).success).toBe(false);
  });

  it('counts a message without the spaces around it, as the composer and the outbox do', () => {
    const padded = ` ${'x'.repeat(2000)} `;
    expect(sendFrame({ clientId: 'c-1', text: padded }).data).toMatchObject({ text: 'x'.repeat(2000) });
    expect(messageLengthProblem(padded)).toBeNull();
    expect(messageLengthProblem(` ${'x'.repeat(2001)}`)).toBe('MESSAGE_TOO_LONG');
    expect(messageLengthProblem(' \n\t ')).toBe('MESSAGE_EMPTY');
    expect(messageLengthProblem('hi')).toBeNull();
  });

  it('a refusal a retry cannot fix is final; a rate limit or a server fault is not', () => {
    for (const code of ['NOT_FRIENDS', 'BLOCKED', 'MESSAGE_TOO_LONG', 'MESSAGE_EMPTY', 'INVALID_REQUEST']) expect(isFinalSendError(code)).toBe(true);
    for (const code of ['TOO_MANY_MESSAGES', 'INTERNAL', 'DEBATE_FULL']) expect(isFinalSendError(code)).toBe(false);
  });

  it('a read frame names the message it reads up to', () => {
    expect(clientFrameSchema.safeParse({ type: 'read', friendId: 'm-1', upTo: '12' }).success).toBe(true);
    expect(clientFrameSchema.safeParse({ type: 'read', friendId: 'm-1', upTo: '' }).success).toBe(false);
  });

  it('a send frame refuses a NUL or another control character, and keeps line breaks and tabs', () => {
    const send = (clientId: string, text: string) => clientFrameSchema.safeParse({ type: 'send', to: 'm-1', clientId, text }).success;
    expect(send('c-1', 'hi\u0000')).toBe(false);
    expect(send('c\u0000', 'hi')).toBe(false);
    expect(send('c-2', 'forged \u001b[2J line')).toBe(false);
    expect(send('c-3', 'one\n\ttwo')).toBe(true);
  });
});

describe('stored shapes', () => {
  const stored = { id: '1', clientId: 'c-1', from: 'm-1', to: 'm-2', text: 'hi', sentAt: 't', deliveredAt: null, readAt: null };

  it('a message has nullable delivered and read times and member ids of 1 to 64 characters', () => {
    expect(memberMessageSchema.safeParse(stored).success).toBe(true);
    expect(memberMessageSchema.safeParse({ ...stored, deliveredAt: undefined }).success).toBe(false);
    expect(memberMessageSchema.safeParse({ ...stored, from: '' }).success).toBe(false);
    expect(memberMessageSchema.safeParse({ ...stored, to: 'm'.repeat(65) }).success).toBe(false);
  });

  it('a conversation counts unread messages as a whole number from 0', () => {
    const conversation = { friendId: 'm-2', username: 'noor', picture: null, lastMessage: null, unread: 0, online: false, muted: false };
    expect(conversationSchema.safeParse(conversation).success).toBe(true);
    expect(conversationSchema.safeParse({ ...conversation, unread: -1 }).success).toBe(false);
    expect(conversationSchema.safeParse({ ...conversation, unread: 1.5 }).success).toBe(false);
    // Whether it is muted is always said.
    expect(conversationSchema.safeParse({ ...conversation, muted: undefined }).success).toBe(false);
  });
});

describe('frames', () => {
  it("a message frame may say it is muted (only ever true), and 'mute.changed' names the chat and its state", () => {
    const message = { id: '1', clientId: 'c-1', from: 'm-2', to: 'm-1', text: 'hi', sentAt: '2026-03-01T12:00:00.000Z', deliveredAt: null, readAt: null };
    expect(serverFrameSchema.safeParse({ type: 'message', message, muted: true }).success).toBe(true);
    expect(serverFrameSchema.safeParse({ type: 'message', message, muted: false }).success).toBe(false);
    expect(serverFrameSchema.safeParse({ type: 'mute.changed', friendId: 'm-2', muted: false }).success).toBe(true);
    expect(serverFrameSchema.safeParse({ type: 'mute.changed', friendId: 'm-2' }).success).toBe(false);
  });

  it('the client sends known frame types only', () => {
    expect(clientFrameSchema.parse({ type: 'send', to: 'm-2', clientId: 'c-1', text: ' hi ' })).toEqual({ type: 'send', to: 'm-2', clientId: 'c-1', text: 'hi' });
    expect(clientFrameSchema.safeParse({ type: 'debate.join', community: null }).success).toBe(true);
    expect(clientFrameSchema.safeParse({ type: 'debate.say', debateId: 'd', clientId: 'c', text: '' }).success).toBe(false);
    expect(clientFrameSchema.safeParse({ type: 'shout', to: 'm-2' }).success).toBe(false);
  });

  it('the server sends receipts as delivered or read only', () => {
    const receipt = { type: 'receipt', friendId: 'm-2', messageIds: ['1'], status: 'read', at: 't' };
    expect(serverFrameSchema.safeParse(receipt).success).toBe(true);
    expect(serverFrameSchema.safeParse({ ...receipt, status: 'seen' }).success).toBe(false);
    expect(serverFrameSchema.safeParse({ type: 'heartbeat' }).success).toBe(true);
  });
});
