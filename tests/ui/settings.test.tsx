// @vitest-environment happy-dom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import Settings from '../../src/features/settings/ui/Settings';
import { WithSession } from '../support/session';
import { resetScreen } from '../support/screenTeardown';
import { expectSafeAnswerReturnsFocus } from '../support/questionDialog';

const TOKENS = ['spotify_access_token', 'spotify_refresh_token', 'trakt_access_token', 'trakt_refresh_token'];

function renderSettings() {
  return render(
    <MemoryRouter initialEntries={['/settings']}>
      <WithSession>
        <Routes>
          <Route path="/settings" element={<Settings />} />
          <Route path="/auth" element={<h1>Create Account</h1>} />
        </Routes>
      </WithSession>
    </MemoryRouter>,
  );
}

const stored = () => JSON.parse(localStorage.getItem('user_settings') ?? 'null');

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.classList.add('dark');
  for (const key of TOKENS) localStorage.setItem(key, 'tok');
  localStorage.setItem('user_profile', JSON.stringify({ username: 'me' }));
  sessionStorage.setItem('activeUserId', 'user-current');
});
afterEach(resetScreen);

describe('Settings screen', () => {
  it('has five labelled switches; each change is saved at once and the theme switches the dark class live', async () => {
    const user = userEvent.setup();
    renderSettings();
    const theme = await screen.findByRole('switch', { name: 'Theme' });
    await waitFor(() => expect(theme).toBeEnabled());
    expect(screen.getAllByRole('switch').map((s) => s.getAttribute('aria-checked'))).toEqual(['true', 'true', 'true', 'true', 'true']);
    expect(theme).toHaveAttribute('aria-checked', 'true');
    expect(theme).toHaveAccessibleDescription('Dark mode');

    await user.click(theme);
    expect(theme).toHaveAccessibleDescription('Light mode');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(stored()).toMatchObject({ theme: 'light' });

    const visibility = screen.getByRole('switch', { name: 'Profile Visibility' });
    expect(visibility).toHaveAccessibleDescription('Visible to everyone');
    await user.click(visibility);
    expect(visibility).toHaveAccessibleDescription('Visible to friends only');
    const online = screen.getByRole('switch', { name: 'Online Status' });
    expect(online).toHaveAccessibleDescription('Visible to friends');
    online.focus();
    await user.keyboard(' ');
    expect(online).toHaveAccessibleDescription('Hidden from everyone');
    await user.click(screen.getByRole('switch', { name: 'Push Notifications' }));
    await user.click(screen.getByRole('switch', { name: 'Sound Effects' }));
    expect(stored()).toEqual({ theme: 'light', profileVisibility: 'private', notifications: false, soundEffects: false, showOnlineStatus: false });
    expect(screen.getByText('v1.0.0')).toBeInTheDocument();
  });

  it('Clear App Data: an in-page question with the contract text, keep the tokens, reset settings and theme, then a notice', async () => {
    localStorage.setItem('user_settings', JSON.stringify({ theme: 'light', profileVisibility: 'private', notifications: false, soundEffects: false, showOnlineStatus: false }));
    const user = userEvent.setup();
    renderSettings();
    const clear = await screen.findByRole('button', { name: 'Clear App Data' });
    await waitFor(() => expect(clear).toBeEnabled());

    await user.click(clear);
    let question = await screen.findByRole('alertdialog', { name: 'Clear App Data' });
    expect(question).toHaveAccessibleDescription('Are you sure you want to clear all app data? This will delete your profile, friends, and settings.');
    await expectSafeAnswerReturnsFocus(user, question, 'Cancel', clear);
    expect(localStorage.getItem('user_profile')).not.toBeNull();
    expect(screen.queryByText('App data cleared successfully!')).not.toBeInTheDocument();

    await user.click(clear);
    question = await screen.findByRole('alertdialog', { name: 'Clear App Data' });
    await user.click(within(question).getByRole('button', { name: 'Clear App Data' }));
    const notice = await screen.findByText('App data cleared successfully!');
    expect(notice.closest('[role="status"]')).not.toBeNull();
    expect(localStorage.getItem('user_profile')).toBeNull();
    expect(localStorage.getItem('user_settings')).toBeNull();
    for (const key of TOKENS) expect(localStorage.getItem(key)).toBe('tok');
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(screen.getByRole('switch', { name: 'Theme' })).toHaveAccessibleDescription('Dark mode');
    expect(screen.getByRole('switch', { name: 'Sound Effects' })).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('App data cleared successfully!')).not.toBeInTheDocument();
  });

  it('Log Out: an in-page question with the contract text (Escape keeps you in), then remove the tokens, clear the session and go to /auth', async () => {
    const user = userEvent.setup();
    renderSettings();
    const logOut = await screen.findByRole('button', { name: 'Log Out' });
    await waitFor(() => expect(logOut).toBeEnabled());
    await user.click(logOut);
    expect(await screen.findByRole('alertdialog', { name: 'Log Out' })).toHaveAccessibleDescription('Are you sure you want to log out?');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    for (const key of TOKENS) expect(localStorage.getItem(key)).toBe('tok');

    await user.click(logOut);
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Log Out' })).getByRole('button', { name: 'Log Out' }));
    await screen.findByRole('heading', { name: 'Create Account' });
    for (const key of TOKENS) expect(localStorage.getItem(key)).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.getItem('user_profile')).not.toBeNull();
  });

  it('Download my data saves a JSON file without the tokens', async () => {
    const created: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(Object.create(URL), { createObjectURL: (b: Blob) => (created.push(b), 'blob:x'), revokeObjectURL: () => undefined }));
    const clicks: string[] = [];
    // eslint-disable-next-line @typescript-eslint/unbound-method -- only put back on the prototype below
    const originalClick = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
      clicks.push(this.download);
    };
    try {
      const user = userEvent.setup();
      renderSettings();
      const download = await screen.findByRole('button', { name: 'Download my data' });
      await waitFor(() => expect(download).toBeEnabled());
      await user.click(download);
      expect(clicks).toEqual(['mycelius-my-data.json']);
      const json = JSON.parse(await created[0]!.text());
      expect(json.data.user_profile).toEqual({ username: 'me' });
      for (const key of TOKENS) expect(json.data).not.toHaveProperty(key);
    } finally {
      HTMLAnchorElement.prototype.click = originalClick;
    }
  });

  it('Push Notifications: turning it on asks the browser for permission; turning it off asks nothing', async () => {
    const requestPermission = vi.fn(async () => 'granted' as const);
    vi.stubGlobal('Notification', { permission: 'default', requestPermission });
    const user = userEvent.setup();
    renderSettings();
    const push = await screen.findByRole('switch', { name: 'Push Notifications' });
    await waitFor(() => expect(push).toBeEnabled());
    await user.click(push);
    expect(push).toHaveAttribute('aria-checked', 'false');
    expect(requestPermission).not.toHaveBeenCalled();
    await user.click(push);
    expect(push).toHaveAttribute('aria-checked', 'true');
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(stored()).toMatchObject({ notifications: true });
  });
});
