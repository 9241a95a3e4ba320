// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { Conversation } from '../../src/domain/liveContract';
import { conversationsMachine } from '../../src/features/chat/machines/conversations.machine';
import { ConversationsSection } from '../../src/features/chat/ui/ConversationsSection';

// Every place that shows a friend's presence reads one source, the live channel's friends online: a
// conversation row loaded while Bob was online keeps no green dot once the channel says he left.

const bobsConversation: Conversation = {
  friendId: 'm-bob',
  username: 'bob',
  picture: null,
  lastMessage: { from: 'm-bob', text: 'see you', sentAt: '2026-11-27T10:00:00.000Z' },
  unread: 0,
  online: true,
  muted: false,
};

async function conversationsLoaded() {
  const actor = createActor(conversationsMachine.provide({ actors: { loadConversations: fromPromise(async () => [bobsConversation]) } })).start();
  await new Promise<void>((resolve) => actor.subscribe((s) => s.matches('ready') && resolve()));
  return actor;
}

afterEach(cleanup);

describe("a conversation row's presence", () => {
  it('shows the green dot only while the live channel counts the friend online', async () => {
    const actor = await conversationsLoaded();
    const { rerender } = render(
      <MemoryRouter>
        <ConversationsSection conversations={actor} online={new Set(['m-bob'])} hasFriends />
      </MemoryRouter>,
    );
    const row = () => screen.getByRole('link', { name: /bob/ });
    expect(within(row()).getByText('Online')).toBeTruthy();

    rerender(
      <MemoryRouter>
        <ConversationsSection conversations={actor} online={new Set()} hasFriends />
      </MemoryRouter>,
    );
    expect(within(row()).queryByText('Online')).toBeNull();
  });
});
