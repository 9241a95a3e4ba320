// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chatFailure, fetchChatHistory, fetchConversations, fetchMuted, openMemberChat, saveMuted } from '../../src/features/chat/services/chats';
import { createViewerSource } from '../../src/shared/session/viewer';

const viewer = createViewerSource();
import { json, mockFetch } from './fetchMock';

const message = {
  id: 'm1',
  clientId: 'c-1',
  from: 'nova id',
  to: 'mira',
  text: 'Hi',
  sentAt: '2026-11-23T23:00:00.000Z',
  deliveredAt: null,
  readAt: null,
};
const conversation = { friendId: 'nova id', username: 'nova', picture: null, lastMessage: { from: 'nova id', text: 'Hi', sentAt: message.sentAt }, unread: 2, online: true, muted: false };
const view = { id: 'nova id', username: 'nova', avatar: 'NO', relation: 'friends', visible: true, profile: null };
const error = (code: string, status: number) => json({ error: { code, message: 'server words' } }, status);
const failureOf = async (call: Promise<unknown>) => chatFailure(await call.catch((e: unknown) => e));

afterEach(() => vi.unstubAllGlobals());

describe('member chat calls', () => {
  it('history asks the friend route, with before for an earlier page, and returns the validated page', async () => {
    const { calls } = mockFetch({ 'GET /api/chats/nova%20id/messages': json({ messages: [message], hasMore: true }) });
    await expect(fetchChatHistory(viewer, 'nova id')).resolves.toEqual({ messages: [message], hasMore: true });
    await fetchChatHistory(viewer, 'nova id', 'm 9');
    expect(calls.map((c) => c.query.get('before'))).toEqual([null, 'm 9']);
  });

  it('opening a chat loads the friend name and the newest page together', async () => {
    const { calls } = mockFetch({
      'GET /api/members/nova%20id': json(view),
      'GET /api/chats/nova%20id/messages': json({ messages: [message], hasMore: false }),
    });
    await expect(openMemberChat(viewer, 'nova id')).resolves.toEqual({ friend: { id: 'nova id', username: 'nova' }, history: { messages: [message], hasMore: false } });
    expect(calls).toHaveLength(2);
  });

  it('conversations come back as the server ordered them', async () => {
    mockFetch({ 'GET /api/chats': json({ conversations: [conversation, { ...conversation, friendId: 'juno', unread: 0, lastMessage: null }] }) });
    expect((await fetchConversations(viewer)).map((c) => c.friendId)).toEqual(['nova id', 'juno']);
  });

  it('a chat is read as muted or not, muted with PUT and unmuted with DELETE, no body either way', async () => {
    const { calls } = mockFetch({
      'GET /api/chats/nova%20id/mute': json({ muted: false }),
      'PUT /api/chats/nova%20id/mute': json({ muted: true }),
      'DELETE /api/chats/nova%20id/mute': json({ muted: false }),
    });
    expect(await fetchMuted(viewer, 'nova id')).toBe(false);
    expect(await saveMuted(viewer, 'nova id', true)).toBe(true);
    expect(await saveMuted(viewer, 'nova id', false)).toBe(false);
    expect(calls.map((c) => [c.method, c.body ?? null])).toEqual([
      ['GET', null],
      ['PUT', null],
      ['DELETE', null],
    ]);
  });

  it('a body outside the contract is a server failure, not data', async () => {
    mockFetch({ 'GET /api/chats': json({ conversations: [{ friendId: 'x' }] }) });
    expect(await failureOf(fetchConversations(viewer))).toEqual({ code: 'SERVER', message: 'Something went wrong on the server. Please try again.' });
  });

  it('failures carry the chat contract text a person sees', async () => {
    const cases: [string, number, string][] = [
      ['NOT_FRIENDS', 403, 'You can only message your friends.'],
      ['BLOCKED', 403, 'You cannot message this person.'],
      ['TOO_MANY_MESSAGES', 429, 'You are sending messages too fast. Please slow down.'],
      ['NOT_FOUND', 404, 'That person could not be found.'],
      ['SOMETHING_NEW', 500, 'Something went wrong on the server. Please try again.'],
    ];
    for (const [code, status, text] of cases) {
      mockFetch({ 'GET /api/chats/x/messages': error(code, status) });
      expect((await failureOf(fetchChatHistory(viewer, 'x'))).message).toBe(text);
    }
    mockFetch({ 'GET /api/chats/x/messages': { status: 403, body: 'no' } });
    expect(await failureOf(fetchChatHistory(viewer, 'x'))).toEqual({ code: 'NOT_FRIENDS', message: 'You can only message your friends.' });
    mockFetch({ 'GET /api/chats': 'network-error' });
    expect((await failureOf(fetchConversations(viewer))).message).toBe('You appear to be offline. Please check your connection and try again.');
  });

  it('a 401 ends the session app-wide', async () => {
    const ended = vi.fn();
    const stop = viewer.onSessionEnded(ended);
    mockFetch({ 'GET /api/chats': error('UNAUTHENTICATED', 401) });
    expect((await failureOf(fetchConversations(viewer))).message).toBe('Your session has ended. Please log in again.');
    expect(ended).toHaveBeenCalledTimes(1);
    stop();
  });
});
