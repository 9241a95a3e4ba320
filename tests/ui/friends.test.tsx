// @vitest-environment happy-dom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useParams } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { friendsKey } from '../../src/shared/people/usersStore';
import Friends from '../../src/features/friends/ui/Friends';
import type { ReactNode } from 'react';
import { PeopleFeatureActors } from '../../src/app/PeopleFeatureActors';
import { WithViewerSource } from '../support/viewer';
import { resetScreen } from '../support/screenTeardown';

/** The people features' real actors over a fresh viewer source (a guest here), as the app nests them. */
function PeopleActors({ children }: { children: ReactNode }) {
  return (
    <WithViewerSource>
      <PeopleFeatureActors>{children}</PeopleFeatureActors>
    </WithViewerSource>
  );
}

function ChatStub() {
  return <p data-testid="chat">{useParams().friendId}</p>;
}

function renderFriends() {
  return render(
    <MemoryRouter initialEntries={['/friends']}>
      <Routes>
        <Route path="/friends" element={<Friends />} />
        <Route path="/chat/:friendId" element={<ChatStub />} />
        <Route path="/dashboard" element={<p>dashboard</p>} />
      </Routes>
    </MemoryRouter>,
    { wrapper: PeopleActors },
  );
}

beforeEach(() => localStorage.clear());
afterEach(resetScreen);

describe('Friends screen', () => {
  it('shows the empty state with a way to the home page', async () => {
    renderFriends();
    expect(await screen.findByText('No friends yet!')).toBeInTheDocument();
    expect(screen.getByText('Add some friends from the home page.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Discover people' })).toHaveAttribute('href', '/dashboard');
  });

  it('lists friends from both link directions with Chat links to /chat/:friendId', async () => {
    friendsKey.write([
      { id: 'a', user_id: 'user-current', friend_id: 'user-1' },
      { id: 'b', user_id: 'user-6', friend_id: 'user-current' },
    ]);
    const user = userEvent.setup();
    renderFriends();
    const rows = await screen.findAllByRole('listitem');
    expect(rows.map((r) => within(r).getByRole('heading').textContent)).toEqual(['RiffLord', 'JazzCat']);
    expect(within(rows[1]!).getByText('Jazz, Blues, Soul, The Office')).toBeInTheDocument();
    await user.click(within(rows[0]!).getByRole('link', { name: 'Chat' }));
    expect(screen.getByTestId('chat')).toHaveTextContent('user-1');
  });

  it('asks before removing; Cancel keeps the friend, Remove deletes both directions and announces it', async () => {
    friendsKey.write([
      { id: 'a', user_id: 'user-current', friend_id: 'user-1' },
      { id: 'b', user_id: 'user-1', friend_id: 'user-current' },
      { id: 'c', user_id: 'user-current', friend_id: 'user-6' },
    ]);
    const user = userEvent.setup();
    renderFriends();
    const riff = (await screen.findByRole('heading', { name: 'RiffLord' })).closest('li')!;

    await user.click(within(riff).getByRole('button', { name: 'Remove' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove friend?' });
    expect(dialog).toHaveAccessibleDescription('Remove RiffLord from your friends? You can add them again from the home page.');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(friendsKey.read()).toHaveLength(3);

    await user.click(within(riff).getByRole('button', { name: 'Remove' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'RiffLord' })).toBeNull());
    expect(friendsKey.read()).toEqual([{ id: 'c', user_id: 'user-current', friend_id: 'user-6' }]);
    expect(screen.getByText('RiffLord was removed from your friends.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your Friends' })).toHaveFocus();
  });
});
