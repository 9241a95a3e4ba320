// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, mockFetch } from '../services/fetchMock';
import { expectNoSectionForAGuest, renderSettings, startEachSettingsTestOnAFreshDevice } from '../support/settingsScreen';

// Settings' 'Privacy and safety' (members only): 'Who can send you friend requests' as three radio
// choices, 'Send read receipts', 'Send typing indicator' and 'Show read receipts from others' as switches,
// each saved to PUT /api/me/safety.

const kept = { friendRequests: 'friendsOfFriends', sendReadReceipts: true, sendTypingIndicator: false, showReadReceipts: true };
const server = (more: Parameters<typeof mockFetch>[0] = {}) =>
  mockFetch({
    'GET /api/me/settings': json({ profileVisibility: 'public', showOnlineStatus: true, communities: [] }),
    'GET /api/blocks': json({ blocked: [] }),
    'GET /api/me/safety': json(kept),
    'GET /api/me/devices': json({ devices: [], now: '2026-11-28T15:00:00.000Z' }),
    ...more,
  });

async function section() {
  return (await screen.findByRole('heading', { level: 2, name: 'Privacy and safety' })).closest('section')!;
}

startEachSettingsTestOnAFreshDevice();

describe("Settings: 'Privacy and safety'", () => {
  it('shows what the server keeps and saves a choice whole', async () => {
    const { calls } = server({ 'PUT /api/me/safety': json({ ...kept, friendRequests: 'noOne' }) });
    const user = userEvent.setup();
    renderSettings(true);
    const area = within(await section());
    const group = area.getByRole('group', { name: 'Who can send you friend requests' });
    expect(within(group).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent?.trim())).toEqual(['Everyone', 'Friends of friends', 'No one']);
    await waitFor(() => expect(area.getByRole('radio', { name: 'Friends of friends' })).toBeChecked());
    expect(area.getByRole('switch', { name: 'Send read receipts' })).toHaveAttribute('aria-checked', 'true');
    expect(area.getByRole('switch', { name: 'Send typing indicator' })).toHaveAccessibleDescription('Off');

    await user.click(area.getByRole('radio', { name: 'No one' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT' && c.path === '/api/me/safety').map((c) => c.body)).toEqual([{ ...kept, friendRequests: 'noOne' }]));
    expect(area.getByRole('radio', { name: 'No one' })).toBeChecked();
  });

  it('a refused switch goes back to what the server has and says so', async () => {
    server({ 'PUT /api/me/safety': json({ error: { code: 'SERVER', message: 'x' } }, 500) });
    const user = userEvent.setup();
    renderSettings(true);
    const area = within(await section());
    const receipts = area.getByRole('switch', { name: 'Send read receipts' });
    await waitFor(() => expect(receipts).toBeEnabled());
    await user.click(receipts);
    expect(await area.findByRole('alert')).toHaveTextContent('Could not save your privacy and safety settings. Please try again.');
    expect(receipts).toHaveAttribute('aria-checked', 'true');
  });

  it("'Show read receipts from others' is a third switch, on by default, saved on its own of 'Send read receipts'", async () => {
    const { calls } = server({ 'PUT /api/me/safety': json({ ...kept, showReadReceipts: false }) });
    const user = userEvent.setup();
    renderSettings(true);
    const area = within(await section());
    expect(area.getAllByRole('switch').map((row) => row.getAttribute('aria-label') ?? row.textContent)).toHaveLength(3);
    const shown = area.getByRole('switch', { name: 'Show read receipts from others' });
    await waitFor(() => expect(shown).toBeEnabled());
    expect(shown).toHaveAttribute('aria-checked', 'true');
    expect(shown).toHaveAccessibleDescription('On');

    await user.click(shown);
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT' && c.path === '/api/me/safety').map((c) => c.body)).toEqual([{ ...kept, showReadReceipts: false }]));
    expect(shown).toHaveAttribute('aria-checked', 'false');
    expect(shown).toHaveAccessibleDescription('Off');
    expect(area.getByRole('switch', { name: 'Send read receipts' })).toHaveAttribute('aria-checked', 'true');
  });

  it('is not there for a guest', () => expectNoSectionForAGuest('Privacy and safety'));
});
