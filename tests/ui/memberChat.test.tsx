// @vitest-environment happy-dom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { json, mockFetch } from '../services/fetchMock';
import { resetScreen } from '../support/screenTeardown';
import { openChatWithBo } from '../support/memberChatScreen';

// A member friend's chat on screen, with the real live actor over a fake socket and a fake server.

const stored = (id: string, from: string, to: string, text: string) => ({
  id, clientId: `client-${id}`, from, to, text, sentAt: '2026-11-23T23:00:00.000Z', deliveredAt: null, readAt: null,
});
const view = { id: 'bo-id', username: 'bo', avatar: 'BO', relation: 'friends', visible: true, profile: null };


afterEach(resetScreen);

describe('member chat screen', () => {
  it('shows the history with Load earlier, sends at once, marks Sent then Read, shows typing and the online dot', async () => {
    const { calls } = mockFetch({
      'GET /api/members/bo-id': json(view),
      'GET /api/chats/bo-id/messages': (call) =>
        call.query.get('before') === 'm1'
          ? json({ messages: [stored('m0', 'bo-id', 'mira-id', 'Earlier hello')], hasMore: false })
          : json({ messages: [stored('m1', 'bo-id', 'mira-id', 'Hi mira')], hasMore: true }),
    });
    const { live, sent } = await openChatWithBo();
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(within(log).getByText('Hi mira')).toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }));
    // bo's message is marked read as soon as the chat shows it.
    expect(sent).toContainEqual({ type: 'read', friendId: 'bo-id', upTo: 'm1' });

    // Load earlier puts the page before the first message, then goes (nothing older).
    await userEvent.click(screen.getByRole('button', { name: 'Load earlier' }));
    await waitFor(() => expect(within(log).getAllByRole('listitem').map((li) => li.querySelector('.message-text')?.textContent)).toEqual(['Earlier hello', 'Hi mira']));
    expect(screen.queryByRole('button', { name: 'Load earlier' })).toBeNull();
    expect(calls.filter((c) => c.path === '/api/chats/bo-id/messages').map((c) => c.query.get('before'))).toEqual([null, 'm1']);

    // Two messages of bo's in a row are one group: his name once, above the first.
    const bylines = () => within(log).getAllByRole('listitem').map((li) => li.querySelector('.message-byline')?.textContent ?? null);
    expect(bylines()).toEqual(['bo', null]);

    // Sending shows the message at once, marked 'Waiting to send' until the server has it.
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'See you at 8{Enter}');
    const mine = within(log).getByText('See you at 8').closest('li')!;
    expect(mine.textContent).not.toMatch(/Sent|Delivered|Read/);
    expect(within(mine).getByText('Waiting to send')).toBeInTheDocument();
    expect(bylines()).toEqual(['bo', null, 'You']);
    const frame = sent.find((f) => f.type === 'send');
    expect(frame).toMatchObject({ type: 'send', to: 'bo-id', text: 'See you at 8' });
    expect(sent.filter((f) => f.type === 'typing')).toEqual([{ type: 'typing', to: 'bo-id' }]);
    const clientId = (frame as { clientId: string }).clientId;
    const ack = { ...stored('m2', 'mira-id', 'bo-id', 'See you at 8'), clientId };
    act(() => live.send({ type: 'socket.frame', frame: { type: 'ack', clientId, message: ack } }));
    act(() => live.send({ type: 'socket.frame', frame: { type: 'message', message: ack } }));
    expect(within(mine).getByText('Sent')).toBeInTheDocument();
    expect(within(mine).queryByText('Waiting to send')).toBeNull();
    expect(within(log).getAllByText('See you at 8')).toHaveLength(1);
    act(() => live.send({ type: 'socket.frame', frame: { type: 'receipt', friendId: 'bo-id', messageIds: ['m2'], status: 'read', at: '2026-11-23T23:01:00.000Z' } }));
    expect(within(mine).getByText('Read')).toBeInTheDocument();

    // bo types, comes online; his message ends the typing line.
    act(() => live.send({ type: 'socket.frame', frame: { type: 'typing', from: 'bo-id' } }));
    expect(screen.getByText('bo is typing...')).toBeInTheDocument();
    act(() => live.send({ type: 'socket.frame', frame: { type: 'presence', memberId: 'bo-id', online: true } }));
    expect(within(screen.getByRole('banner')).getByText('Online')).toBeInTheDocument();
    act(() => live.send({ type: 'socket.frame', frame: { type: 'message', message: stored('m3', 'bo-id', 'mira-id', 'On my way') } }));
    expect(screen.queryByText('bo is typing...')).toBeNull();
    expect(within(log).getByText('On my way')).toBeInTheDocument();
    expect(sent).toContainEqual({ type: 'read', friendId: 'bo-id', upTo: 'm3' });
    live.stop();
  });

  it('a new conversation says how to start it, and the prompt goes with the first message', async () => {
    mockFetch({ 'GET /api/members/bo-id': json(view), 'GET /api/chats/bo-id/messages': json({ messages: [], hasMore: false }) });
    const { live } = await openChatWithBo();
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(log).toHaveTextContent('No messages yet');
    expect(log).toHaveTextContent('Say hello to bo! Messages arrive right away, and you see when they are read.');
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello!{Enter}');
    expect(log).not.toHaveTextContent('No messages yet');
    live.stop();
  });

  it("'Report message' on bo's message (never mine) opens the report dialog quoting it, by keyboard, and sends its id", async () => {
    const { calls } = mockFetch({
      'GET /api/members/bo-id': json(view),
      'GET /api/chats/bo-id/messages': json({ messages: [stored('m1', 'mira-id', 'bo-id', 'Hi bo'), stored('m2', 'bo-id', 'mira-id', 'You are the worst')], hasMore: false }),
      'POST /api/reports': json({ id: 'r-1' }, 201),
    });
    const { live } = await openChatWithBo();
    const log = screen.getByRole('log', { name: 'Messages' });
    const mine = within(log).getByText('Hi bo').closest('li')!;
    expect(within(mine).queryByRole('button', { name: 'Report message' })).toBeNull();
    const theirs = within(log).getByText('You are the worst').closest('li')!;
    const report = within(theirs).getByRole('button', { name: 'Report message' });

    // Reached with Tab from the conversation, opened with Enter.
    report.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Report bo' });
    const quoted = within(dialog).getByRole('region', { name: 'Reported message' });
    expect(within(quoted).getByText('You are the worst').tagName).toBe('BLOCKQUOTE');
    expect(quoted.querySelector('figcaption')?.textContent).toMatch(/^bo, /);
    expect(quoted.querySelector('time')?.getAttribute('datetime')).toBe('2026-11-23T23:00:00.000Z');

    await userEvent.click(within(dialog).getByRole('radio', { name: 'Harassment or bullying' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Thank you. Your report about bo was sent and will be reviewed.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/reports').map((c) => c.body)).toEqual([{ userId: 'bo-id', reason: 'harassment', source: 'message', messageId: 'm2' }]);
    live.stop();
  });

  it('leaves for the conversations when bo is blocked on another tab or device', async () => {
    mockFetch({
      'GET /api/members/bo-id': json(view),
      'GET /api/chats/bo-id/messages': json({ messages: [stored('m1', 'bo-id', 'mira-id', 'Hi mira')], hasMore: false }),
      'GET /api/blocks': json({ blocked: [{ id: 'bo-id', username: 'bo', avatar: 'BO', profilePicture: '', blockedAt: '2026-11-23T23:00:00.000Z' }] }),
    });
    const started = await openChatWithBo(<Route path="/friends" element={<h1>Conversations page</h1>} />);
    act(() => started.live.send({ type: 'socket.frame', frame: { type: 'people.changed' } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Conversations page' })).toBeInTheDocument();
    started.live.stop();
  });

  it('someone blocked by bo still reads their own record of the conversation (his name from their list)', async () => {
    mockFetch({
      'GET /api/members/bo-id': json({ error: { code: 'NOT_FOUND', message: 'That person could not be found.' } }, 404),
      'GET /api/chats': json({ conversations: [{ friendId: 'bo-id', username: 'bo', picture: null, lastMessage: { from: 'bo-id', text: 'Bye', sentAt: '2026-11-23T23:00:00.000Z' }, unread: 0, online: false, muted: false }] }),
      'GET /api/chats/bo-id/messages': json({ messages: [stored('m1', 'bo-id', 'mira-id', 'Bye')], hasMore: false }),
    });
    const { live } = await openChatWithBo();
    expect(within(screen.getByRole('log', { name: 'Messages' })).getByText('Bye')).toBeInTheDocument();
    live.stop();
  });
});
