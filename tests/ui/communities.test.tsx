// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CommunitiesFieldset } from '../../src/features/profile/ui/CommunitiesFieldset';
import { json, mockFetch } from '../services/fetchMock';
import { WithProfileActors } from '../support/profileActors';

// The profile screen's 'Communities' for members: labelled checkboxes, several allowed, each change
// saved through PUT /api/me/settings. A guest (no session hint cookie) is never offered it and nothing is asked.

const settings = (communities: string[]) => ({ profileVisibility: 'public', showOnlineStatus: true, communities });

beforeEach(() => {
  document.cookie = 'mycelius_member=1; path=/';
});
afterEach(() => {
  cleanup();
  document.cookie = 'mycelius_member=; path=/; max-age=0';
});

describe('Communities on the profile', () => {
  it('a member ticks several communities; each change is saved and the boxes show what the server keeps', async () => {
    const { calls } = mockFetch({
      'GET /api/me/settings': json(settings(['Seattle'])),
      'PUT /api/me/settings': (call) => json(settings((call.body as { communities: string[] }).communities)),
    });
    const user = userEvent.setup();
    render(<CommunitiesFieldset />, { wrapper: WithProfileActors });
    const group = await screen.findByRole('group', { name: 'Communities' });
    const boxes = within(group).getAllByRole('checkbox');
    expect(boxes.map((b) => b.closest('label')?.textContent)).toEqual(['Seattle', 'UW', 'Microsoft']);
    expect(within(group).getByRole('checkbox', { name: 'Seattle' })).toBeChecked();

    await user.click(within(group).getByRole('checkbox', { name: 'Microsoft' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Communities saved.'));
    await user.click(within(group).getByRole('checkbox', { name: 'UW' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { communities: ['Seattle', 'Microsoft'] },
      { communities: ['Seattle', 'UW', 'Microsoft'] },
    ]);
    await waitFor(() => expect(within(group).getAllByRole('checkbox').every((b) => (b as HTMLInputElement).checked)).toBe(true));
  });

  it('a refused change is undone and explained', async () => {
    mockFetch({
      'GET /api/me/settings': json(settings([])),
      'PUT /api/me/settings': json({ error: { code: 'INVALID_REQUEST', message: 'x' } }, 400),
    });
    const user = userEvent.setup();
    render(<CommunitiesFieldset />, { wrapper: WithProfileActors });
    const uw = await screen.findByRole('checkbox', { name: 'UW' });
    await user.click(uw);
    expect(await screen.findByRole('alert')).toHaveTextContent('That request could not be understood.');
    expect(uw).not.toBeChecked();
  });

  it('is not offered to a guest, and no server is asked', async () => {
    document.cookie = 'mycelius_member=; path=/; max-age=0';
    const { calls } = mockFetch({});
    const { container } = render(<CommunitiesFieldset />, { wrapper: WithProfileActors });
    await waitFor(() => expect(container).toBeEmptyDOMElement());
    expect(screen.queryByRole('group', { name: 'Communities' })).toBeNull();
    expect(calls).toEqual([]);
  });
});
