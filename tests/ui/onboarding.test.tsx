// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Onboarding from '../../src/features/profile/ui/Onboarding';
import SignUp from '../../src/features/session/ui/SignUp';
import { fakeMember, WithSession, type FakeServer } from '../support/session';
import { freshDeviceForEachTest, WithProfileActors } from '../support/profileActors';
import { demoConfig, json, mockFetch } from '../services/fetchMock';

function renderAt(path: string, server: FakeServer = {}) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <WithSession server={server}>
        <WithProfileActors>
          <Routes>
            <Route path="/auth" element={<SignUp />} />
            <Route path="/connections" element={<Onboarding />} />
          </Routes>
        </WithProfileActors>
      </WithSession>
    </MemoryRouter>,
  );
  return userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
}

const storedUsername = () => (JSON.parse(localStorage.getItem('user_profile') ?? '{}') as { username?: string }).username;

freshDeviceForEachTest();
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  mockFetch({ 'GET /api/config': json(demoConfig) });
});
afterEach(() => vi.useRealTimers());

describe('Onboarding (Build Your Profile)', () => {
  it('a guest finds the username typed at sign-up already in the Username field', async () => {
    const user = renderAt('/auth');
    await user.type(screen.getByLabelText('Username'), 'mira');
    await user.click(screen.getByRole('button', { name: 'Continue as guest' }));
    await act(async () => vi.advanceTimersByTime(500));
    expect(await screen.findByRole('heading', { level: 1, name: 'Build Your Profile' })).toBeInTheDocument();
    const profileInfo = screen.getByRole('region', { name: 'Profile Info' });
    expect(within(profileInfo).getByRole('textbox', { name: 'Username' })).toHaveValue('mira');
  });

  it("a member's field starts with the account's username, saved to the profile", async () => {
    renderAt('/connections', { member: { ...fakeMember, username: 'juno' } });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Username' })).toHaveValue('juno'));
    await waitFor(() => expect(storedUsername()).toBe('juno'));
  });

  it('a username already chosen is kept, and clearing the field does not bring the sign-up name back', async () => {
    localStorage.setItem('user_profile', JSON.stringify({ username: 'ada', profilePicture: '', hobbies: '', musicGenres: [], favoriteGames: [], favoriteShows: [], connectedServices: { spotify: false, trakt: false, steam: false } }));
    const user = renderAt('/connections', { member: { ...fakeMember, username: 'juno' } });
    const field = screen.getByRole('textbox', { name: 'Username' });
    expect(field).toHaveValue('ada');
    // Let the session answer (the member is known) before the field is cleared.
    await act(async () => vi.advanceTimersByTime(0));
    await user.clear(field);
    await waitFor(() => expect(storedUsername()).toBe(''));
    expect(field).toHaveValue('');
  });

  it('is in three titled steps with a jump list, and offers the AI bio', async () => {
    const user = renderAt('/connections');
    const steps = screen.getByRole('navigation', { name: 'Profile steps' });
    expect(within(steps).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['About you', '#onboarding-about'],
      ['Your accounts', '#onboarding-accounts'],
      ['Your interests', '#onboarding-interests'],
    ]);
    const about = screen.getByRole('region', { name: 'Step 1 of 3 About you' });
    expect(within(about).getByRole('heading', { name: 'AI Profile Summary' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Step 2 of 3 Your accounts' })).getByRole('region', { name: 'Connect Services' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Step 3 of 3 Your interests' })).toBeInTheDocument();
    // Generating there works as on the profile screen: the bio appears in the panel.
    mockFetch({ 'GET /api/config': json(demoConfig), 'POST /api/ai/bio': json({ text: 'A curious explorer of sound.' }) });
    await user.click(within(about).getByRole('button', { name: 'Generate' }));
    expect(await within(about).findByText('A curious explorer of sound.')).toBeInTheDocument();
  });

  it("asks a member for their communities in step 1, several allowed, each saved as on /profile; a guest is not asked", async () => {
    document.cookie = 'mycelius_member=1; path=/';
    const settings = (communities: string[]) => ({ profileVisibility: 'public', showOnlineStatus: true, communities });
    const { calls } = mockFetch({
      'GET /api/config': json(demoConfig),
      'GET /api/me/settings': json(settings([])),
      'PUT /api/me/settings': (call) => json(settings((call.body as { communities: string[] }).communities)),
    });
    try {
      const user = renderAt('/connections', { member: fakeMember });
      const about = screen.getByRole('region', { name: 'Step 1 of 3 About you' });
      const group = await within(about).findByRole('group', { name: 'Communities' });
      expect(within(group).getAllByRole('checkbox').map((b) => b.closest('label')?.textContent)).toEqual(['Seattle', 'UW', 'Microsoft']);
      await user.click(within(group).getByRole('checkbox', { name: 'UW' }));
      await waitFor(() => expect(within(group).getByRole('checkbox', { name: 'UW' })).toBeChecked());
      await user.click(within(group).getByRole('checkbox', { name: 'Seattle' }));
      await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body).at(-1)).toEqual({ communities: ['Seattle', 'UW'] }));
    } finally {
      document.cookie = 'mycelius_member=; path=/; max-age=0';
    }
    cleanup();
    renderAt('/connections');
    expect(screen.getByRole('heading', { level: 1, name: 'Build Your Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Communities' })).toBeNull();
  });
});
