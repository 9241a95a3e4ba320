// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../services/fetchMock';
import { renderSettings, startEachSettingsTestOnAFreshDevice } from '../support/settingsScreen';

// Settings' 'Security' (members only): 'Change password' with Current password, New password and Confirm
// new password, and 'Signed-in devices', each row a device name and when it was last active, this device
// marked, 'Sign out' on the others and 'Sign out everywhere else'.

const NOW = '2026-11-28T15:00:00.000Z';
const minutesAgo = (minutes: number) => new Date(Date.parse(NOW) - minutes * 60_000).toISOString();
const here = { id: 'a'.repeat(32), name: 'Chrome on Linux', lastActiveAt: minutesAgo(0), current: true };
const phone = { id: 'b'.repeat(32), name: 'Safari on iPhone', lastActiveAt: minutesAgo(180), current: false };
const tablet = { id: 'c'.repeat(32), name: 'Chrome on Android', lastActiveAt: minutesAgo(60 * 24 * 2 + 5), current: false };

const server = (more: Parameters<typeof mockFetch>[0] = {}) =>
  mockFetch({
    'GET /api/me/settings': json({ profileVisibility: 'public', showOnlineStatus: true, communities: [] }),
    'GET /api/blocks': json({ blocked: [] }),
    'GET /api/me/safety': json({ friendRequests: 'everyone', sendReadReceipts: true, sendTypingIndicator: true, showReadReceipts: true }),
    ...more,
  });

async function section() {
  return (await screen.findByRole('heading', { level: 2, name: 'Security' })).closest('section')!;
}
const rows = (list: HTMLElement) => within(list).getAllByRole('listitem').map((li) => li.textContent);

startEachSettingsTestOnAFreshDevice();

describe("Settings: 'Security'", () => {
  it('lists the signed-in devices, this one marked; Sign out ends one, Sign out everywhere else the rest', async () => {
    const { calls } = server({
      'GET /api/me/devices': [json({ devices: [here, phone, tablet], now: NOW }), json({ devices: [here, tablet], now: NOW }), json({ devices: [here], now: NOW })],
      [`DELETE /api/me/devices/${phone.id}`]: { status: 204 },
      'DELETE /api/me/devices': { status: 204 },
    });
    const user = userEvent.setup();
    renderSettings(true);
    const security = await section();
    const list = within(security).getByRole('list', { name: 'Signed-in devices' });
    await waitFor(() =>
      expect(rows(list)).toEqual([
        'Chrome on LinuxThis deviceActive now',
        'Safari on iPhoneActive 3 hours agoSign out',
        'Chrome on AndroidActive 2 days agoSign out',
      ]),
    );
    await user.click(within(security).getByRole('button', { name: 'Sign out Safari on iPhone' }));
    await waitFor(() => expect(rows(list)).toEqual(['Chrome on LinuxThis deviceActive now', 'Chrome on AndroidActive 2 days agoSign out']));
    await waitFor(() => expect(within(security).getByRole('button', { name: 'Sign out everywhere else' })).toBeEnabled());
    await user.click(within(security).getByRole('button', { name: 'Sign out everywhere else' }));
    await within(security).findByText('No other device is signed in.');
    expect(rows(list)).toEqual(['Chrome on LinuxThis deviceActive now']);
    expect(within(security).queryByRole('button', { name: 'Sign out everywhere else' })).toBeNull();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([`/api/me/devices/${phone.id}`, '/api/me/devices']);
  });

  it('changes the password: the sign-up rules first, a wrong current password under its box, then emptied and said', async () => {
    const { calls } = server({
      'GET /api/me/devices': [json({ devices: [here, phone], now: NOW }), json({ devices: [here], now: NOW })],
      'PUT /api/me/password': [json({ error: { code: 'WRONG_PASSWORD', message: 'That password is not correct' } }, 403), { status: 204 }],
    });
    const user = userEvent.setup();
    renderSettings(true);
    const security = await section();
    const form = within(security).getByRole('form', { name: 'Change password' });
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getAllByRole('alert').map((a) => a.textContent)).toEqual(['Password is required', 'Password is required']);
    // The cursor goes to the first box that is wrong.
    expect(within(form).getByLabelText('Current password')).toHaveFocus();
    await user.type(within(form).getByLabelText('Current password'), 'not-it');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByLabelText('New password')).toHaveFocus();
    await user.type(within(form).getByLabelText('New password'), 'new-secret');
    await user.type(within(form).getByLabelText('Confirm new password'), 'new-secret');
    expect(within(form).queryAllByRole('alert')).toEqual([]);
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Your current password is not correct.')).toHaveAttribute('role', 'alert');
    expect(within(form).getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText('Current password')).toHaveFocus();

    await user.clear(within(form).getByLabelText('Current password'));
    await user.type(within(form).getByLabelText('Current password'), 'old-secret');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Your password was changed. Every other device was signed out.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Current password')).toHaveValue('');
    expect(within(form).getByLabelText('New password')).toHaveValue('');
    await waitFor(() => expect(rows(within(security).getByRole('list', { name: 'Signed-in devices' }))).toEqual(['Chrome on LinuxThis deviceActive now']));
    expect(calls.filter((c) => c.path === '/api/me/password').map((c) => c.body)).toEqual([
      { currentPassword: 'not-it', newPassword: 'new-secret' },
      { currentPassword: 'old-secret', newPassword: 'new-secret' },
    ]);
  });

  it('is not there for a guest', async () => {
    server();
    renderSettings(false);
    await screen.findByRole('heading', { level: 2, name: 'Preferences' });
    expect(screen.queryByRole('heading', { name: 'Security' })).toBeNull();
  });
});
