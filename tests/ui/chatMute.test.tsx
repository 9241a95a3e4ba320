// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Conversation } from '../../src/domain/liveContract';
import { conversationsMachine } from '../../src/features/chat/machines/conversations.machine';
import { ConversationsSection } from '../../src/features/chat/ui/ConversationsSection';
import { json, mockFetch } from '../services/fetchMock';
import { resetScreen } from '../support/screenTeardown';
import { openChatWithBo } from '../support/memberChatScreen';

// Muting a member chat: 'Mute' and 'Unmute' in the chat's More actions menu, saved to the server, the
// chat marked 'Muted', a change on another tab shown at once; and the Conversations row of a muted chat
// marked 'Muted' with its unread count still there.

const view = { id: 'bo-id', username: 'bo', avatar: 'BO', relation: 'friends', visible: true, profile: null };


/** The open More actions menu's items, in order. */
const menuItems = () => {
  const toggle = screen.getByRole('button', { name: 'More actions for bo' });
  const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
  return menu ? within(menu).getAllByRole('button').map((button) => button.textContent) : [];
};
const openMenu = () => userEvent.click(screen.getByRole('button', { name: 'More actions for bo' }));

afterEach(resetScreen);

describe('muting a member chat', () => {
  it("offers Mute, saves it, marks the chat 'Muted' and then offers Unmute; another tab's change shows at once", async () => {
    let muted = false;
    const { calls } = mockFetch({
      'GET /api/members/bo-id': json(view),
      'GET /api/chats/bo-id/messages': json({ messages: [], hasMore: false }),
      'GET /api/chats/bo-id/mute': () => json({ muted }),
      'PUT /api/chats/bo-id/mute': () => json({ muted: (muted = true) }),
      'DELETE /api/chats/bo-id/mute': () => json({ muted: (muted = false) }),
    });
    const { live } = await openChatWithBo();
    await openMenu();
    await waitFor(() => expect(menuItems()[0]).toBe('Mute'));
    expect(screen.queryByRole('img', { name: 'Muted' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Mute' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/chats/bo-id/mute').map((c) => c.method)).toEqual(['GET', 'PUT']));
    expect(within(screen.getByRole('banner')).getByRole('img', { name: 'Muted' })).toBeInTheDocument();
    await openMenu();
    expect(menuItems()[0]).toBe('Unmute');
    await userEvent.click(screen.getByRole('button', { name: 'Unmute' }));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/chats/bo-id/mute').map((c) => c.method)).toEqual(['GET', 'PUT', 'DELETE']));
    expect(screen.queryByRole('img', { name: 'Muted' })).toBeNull();

    // Muted on another tab: this one says so without asking the server.
    act(() => live.send({ type: 'socket.frame', frame: { type: 'mute.changed', friendId: 'bo-id', muted: true } }));
    expect(screen.getByRole('img', { name: 'Muted' })).toBeInTheDocument();
    // Another chat's mute changes nothing here.
    act(() => live.send({ type: 'socket.frame', frame: { type: 'mute.changed', friendId: 'cy-id', muted: false } }));
    expect(screen.getByRole('img', { name: 'Muted' })).toBeInTheDocument();
  });

  it('a refused mute puts it back and says so', async () => {
    mockFetch({
      'GET /api/members/bo-id': json(view),
      'GET /api/chats/bo-id/messages': json({ messages: [], hasMore: false }),
      'GET /api/chats/bo-id/mute': json({ muted: false }),
      'PUT /api/chats/bo-id/mute': json({ error: { code: 'TOO_MANY_REQUESTS', message: 'x' } }, 429),
    });
    await openChatWithBo();
    await openMenu();
    await waitFor(() => expect(menuItems()[0]).toBe('Mute'));
    await userEvent.click(screen.getByRole('button', { name: 'Mute' }));
    expect(await screen.findByText('Could not change whether this chat is muted. Please try again.')).toHaveAttribute('role', 'alert');
    expect(screen.queryByRole('img', { name: 'Muted' })).toBeNull();
    await openMenu();
    expect(menuItems()[0]).toBe('Mute');
  });
});

describe('a muted conversation in Conversations', () => {
  afterEach(cleanup);

  it("is marked 'Muted' and still shows its unread count", async () => {
    const conversation = (friendId: string, username: string, unread: number, muted: boolean): Conversation => ({
      friendId,
      username,
      picture: null,
      lastMessage: { from: friendId, text: `hi from ${username}`, sentAt: '2026-11-27T10:00:00.000Z' },
      unread,
      online: false,
      muted,
    });
    const actor = createActor(
      conversationsMachine.provide({ actors: { loadConversations: fromPromise(async () => [conversation('m-bo', 'bo', 3, true), conversation('m-cy', 'cy', 1, false)]) } }),
    ).start();
    render(
      <MemoryRouter>
        <ConversationsSection conversations={actor} online={new Set()} hasFriends />
      </MemoryRouter>,
    );
    const bo = await screen.findByRole('link', { name: /bo/ });
    expect(within(bo).getByRole('img', { name: 'Muted' })).toBeInTheDocument();
    expect(within(bo).getByText('3 unread messages')).toBeInTheDocument();
    const cy = screen.getByRole('link', { name: /cy/ });
    expect(within(cy).queryByRole('img', { name: 'Muted' })).toBeNull();
    actor.stop();
  });
});
