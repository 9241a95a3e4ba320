// @vitest-environment happy-dom
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { emptyProfile } from '../../src/domain/profile';
import { SAMPLE_USERS } from '../../src/domain/sampleUsers';
import { saveProfile } from '../../src/shared/storage/profile';
import { friendsKey } from '../../src/shared/people/usersStore';
import AppLayout from '../../src/app/AppLayout';
import { SampleBadge } from '../../src/shared/ui/SampleBadge';
import Chat from '../../src/app/ChatRoute';
import Discover from '../../src/features/discover/ui/Discover';
import Friends from '../../src/features/friends/ui/Friends';
import { WithChatGamesActors } from '../support/featureActors';
import { json, mockFetch } from '../services/fetchMock';
import { resetScreen } from '../support/screenTeardown';

// Honest labels, as a guest sees them: every one of the 25 sample people carries 'Sample' on their
// card, friend row and chat header, and what the AI writes in someone's persona is marked 'AI persona'.

// The AI routes answer through a fetch fake: no scores (everyone 50%), and the persona texts each test sets.
const aiTexts = { chatReply: '', personaHotTake: '' };

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Suspense fallback={<p>Loading</p>}>
        <Routes>
          <Route element={<AppLayout />}>
            <Route path="/dashboard" element={<Discover />} />
            <Route path="/friends" element={<Friends />} />
          </Route>
          <Route path="/chat" element={<Chat />} />
          <Route path="/chat/:friendId" element={<Chat />} />
        </Routes>
      </Suspense>
    </MemoryRouter>,
    { wrapper: WithChatGamesActors },
  );
}

const messageItems = () => within(screen.getByRole('log')).queryAllByRole('listitem');

beforeEach(() => {
  localStorage.clear();
  mockFetch({
    'POST /api/ai/similarity': json({ scores: {} }),
    'POST /api/ai/chat/reply': () => json({ text: aiTexts.chatReply }),
    'POST /api/ai/hot-takes/persona': () => json({ text: aiTexts.personaHotTake }),
  });
});
afterEach(resetScreen);

describe('Sample badge', () => {
  it('marks each of the 25 guest cards, beside a name that still reads exactly as the contract has it', async () => {
    saveProfile({ ...emptyProfile(), username: 'me', hobbies: 'climbing', musicGenres: ['Metal'] });
    renderAt('/dashboard');
    const list = await screen.findByRole('list', { name: 'Suggested friends' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(25);
    for (const card of cards) expect(within(card).getByText('Sample')).toBeVisible();
    expect(within(list).getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toContain('RiffLord');
  });

  it('marks a friend row and the friend chat header', async () => {
    friendsKey.write([{ id: 'f-1', user_id: 'user-current', friend_id: 'user-1' }]);
    renderAt('/friends');
    const row = (await screen.findByRole('heading', { level: 2, name: 'RiffLord' })).closest('li')!;
    expect(within(row).getByText('Sample')).toBeInTheDocument();
    cleanup();

    aiTexts.chatReply = 'Metal forever.';
    renderAt('/chat/user-1');
    const header = (await screen.findByRole('heading', { level: 1, name: 'RiffLord' })).closest('header')!;
    expect(within(header).getByText('Sample')).toBeInTheDocument();
  });

  it('is shown for sample people and never for members', () => {
    render(
      <ul>
        <li data-testid="sample-card"><SampleBadge person={{ id: 'm-9', kind: 'sample' }} /></li>
        <li data-testid="member-card"><SampleBadge person={{ id: 'm-8', kind: 'member' }} /></li>
        <li data-testid="member-id"><SampleBadge person={{ id: '3a1f8c1e-2d0b-4c51-9a57-0f6c2b7d9e10' }} /></li>
        <li data-testid="sample-id"><SampleBadge person={{ id: SAMPLE_USERS[24]!.id }} /></li>
      </ul>,
      { wrapper: WithChatGamesActors },
    );
    expect(screen.getByTestId('sample-card')).toHaveTextContent('Sample');
    expect(screen.getByTestId('member-card')).toHaveTextContent('');
    expect(screen.getByTestId('member-id')).toHaveTextContent('');
    expect(screen.getByTestId('sample-id')).toHaveTextContent('Sample');
  });
});

describe('AI persona label', () => {
  it("marks the friend's greeting and replies in friend chat, not the user's own messages", async () => {
    aiTexts.chatReply = 'Metal forever.';
    const user = userEvent.setup();
    renderAt('/chat/user-1');
    await screen.findByRole('heading', { level: 1, name: 'RiffLord' });
    await user.type(screen.getByRole('textbox'), 'Favourite band?{Enter}');
    await screen.findByText('Metal forever.');
    const [greeting, mine, reply] = messageItems();
    expect(within(greeting!).getByText('AI persona')).toBeVisible();
    expect(within(mine!).queryByText('AI persona')).toBeNull();
    expect(within(reply!).getByText('AI persona')).toBeVisible();
    expect(reply!.querySelector('.message-sender')?.textContent).toBe('RiffLord');
  });

  it("marks only the revealed persona's take in the Hot Takes solo chat", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      aiTexts.personaHotTake = 'Soup is a state of mind.';
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderAt('/chat');
      const input = await screen.findByRole('textbox');
      await user.type(input, 'Cereal is soup{Enter}');
      // The judges answer after 1200 ms (docs/product.md); then /continue reveals another player's take.
      await act(() => vi.advanceTimersByTimeAsync(1200));
      await user.type(input, '/continue{Enter}');
      await screen.findByText('Soup is a state of mind.');
      const labelled = messageItems().filter((li) => within(li).queryByText('AI persona'));
      expect(labelled.map((li) => li.querySelector('.message-text')?.textContent)).toEqual(['Soup is a state of mind.']);
    } finally {
      vi.useRealTimers();
    }
  });
});
