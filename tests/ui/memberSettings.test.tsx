// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, mockFetch } from '../services/fetchMock';
import { expectNoSectionForAGuest, renderSettings, startEachSettingsTestOnAFreshDevice } from '../support/settingsScreen';

// Settings for a member: 'Blocked people' with Unblock, and the privacy switches told to the server
// (PUT /api/me/settings), whose answer the switch then shows. A guest's Settings stay as they were.

const nova = { id: 'm-2', username: 'nova', avatar: 'NO', profilePicture: '', blockedAt: '2026-11-23T20:00:00.000Z' };
const kai = { id: 'm-3', username: 'kai', avatar: 'KA', profilePicture: '', blockedAt: '2026-11-23T20:01:00.000Z' };
const serverSettings = { profileVisibility: 'public', showOnlineStatus: true, communities: [] };
/** The server of a member with these people blocked; `more` answers the other calls. */
const memberServer = (blocked: (typeof nova)[], more: Parameters<typeof mockFetch>[0] = {}) =>
  mockFetch({
    'GET /api/me/settings': json(serverSettings),
    'GET /api/me/safety': json({ friendRequests: 'everyone', sendReadReceipts: true, sendTypingIndicator: true, showReadReceipts: true }),
    'GET /api/blocks': json({ blocked }),
    'GET /api/me/devices': json({ devices: [], now: '2026-11-28T15:00:00.000Z' }),
    'GET /api/me/passkeys': json({ passkeys: [] }),
    ...more,
  });
const stored = () => JSON.parse(localStorage.getItem('user_settings') ?? 'null') as Record<string, unknown> | null;

startEachSettingsTestOnAFreshDevice();

describe('Settings: Blocked people', () => {
  it('lists the people a member blocked; Unblock removes one and says so', async () => {
    const { calls } = memberServer([nova, kai], { 'DELETE /api/blocks/m-2': { status: 204 } });
    const user = userEvent.setup();
    renderSettings(true);
    const section = (await screen.findByRole('heading', { level: 2, name: 'Blocked people' })).closest('section')!;
    await within(section).findByRole('button', { name: 'Unblock nova' });
    expect(within(section).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['NOnovaUnblock nova', 'KAkaiUnblock kai']);
    await user.click(within(section).getByRole('button', { name: 'Unblock nova' }));
    await waitFor(() => expect(within(section).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['KAkaiUnblock kai']));
    expect(within(section).getByRole('status')).toHaveTextContent('nova is unblocked.');
    expect(calls.filter((c) => c.path.startsWith('/api/blocks')).map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/blocks', 'DELETE /api/blocks/m-2']);
  });

  it('says so politely when nobody is blocked, and shows a failed unblock in words', async () => {
    memberServer([]);
    renderSettings(true);
    expect(await screen.findByText("You haven't blocked anyone. People you block will be listed here.")).toBeInTheDocument();
    cleanup();

    memberServer([nova], { 'DELETE /api/blocks/m-2': 'network-error' });
    const user = userEvent.setup();
    renderSettings(true);
    await user.click(await screen.findByRole('button', { name: 'Unblock nova' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You appear to be offline. Please check your connection and try again.');
    expect(screen.getByRole('button', { name: 'Unblock nova' })).toBeEnabled();
  });

  it('is not there for a guest', () => expectNoSectionForAGuest('Blocked people'));
});

describe('Settings: privacy that works', () => {
  it("a member's switch goes to the server; the switch shows what the server keeps", async () => {
    const { calls } = mockFetch({
      'GET /api/me/settings': json({ ...serverSettings, showOnlineStatus: false }),
      'GET /api/blocks': json({ blocked: [] }),
      'PUT /api/me/settings': json({ ...serverSettings, profileVisibility: 'private', showOnlineStatus: false }),
    });
    const user = userEvent.setup();
    renderSettings(true);
    const visibility = await screen.findByRole('switch', { name: 'Profile Visibility' });
    const online = screen.getByRole('switch', { name: 'Online Status' });
    // The device said 'Visible to friends' (the default); the server's 'Hidden from everyone' wins.
    await waitFor(() => expect(online).toHaveAccessibleDescription('Hidden from everyone'));
    await user.click(visibility);
    await waitFor(() => expect(visibility).toHaveAccessibleDescription('Visible to friends only'));
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ profileVisibility: 'private', showOnlineStatus: false }]);
    await waitFor(() => expect(stored()).toMatchObject({ profileVisibility: 'private', showOnlineStatus: false }));
  });

  it('a refused switch goes back to what the server has and says why', async () => {
    memberServer([], { 'PUT /api/me/settings': json({ error: { code: 'TOO_MANY_REQUESTS', message: 'x' } }, 429) });
    const user = userEvent.setup();
    renderSettings(true);
    const visibility = await screen.findByRole('switch', { name: 'Profile Visibility' });
    await waitFor(() => expect(visibility).toBeEnabled());
    await user.click(visibility);
    expect(await screen.findByRole('alert')).toHaveTextContent('You are doing that too often. Please wait a while and try again.');
    expect(visibility).toHaveAccessibleDescription('Visible to everyone');
    await waitFor(() => expect(stored()).toMatchObject({ profileVisibility: 'public' }));
  });

  it('Download, Clear App Data and Log Out wait, disabled, while a switch is told to the server, so no switch shows what is not kept', async () => {
    let answerPut!: () => void;
    const putAnswered = new Promise<void>((resolve) => (answerPut = resolve));
    const { fetchMock } = memberServer([], { 'PUT /api/me/settings': json({ ...serverSettings, profileVisibility: 'private' }) });
    vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
      if (init.method === 'PUT') await putAnswered;
      return fetchMock(input, init);
    });
    const user = userEvent.setup();
    renderSettings(true);
    const visibility = await screen.findByRole('switch', { name: 'Profile Visibility' });
    const actions = ['Download my data', 'Clear App Data', 'Log Out'].map((name) => screen.getByRole('button', { name }));
    await waitFor(() => expect(visibility).toBeEnabled());
    for (const action of actions) expect(action).toBeEnabled();

    await user.click(visibility);
    expect(visibility).toHaveAccessibleDescription('Visible to friends only');
    for (const action of actions) expect(action).toBeDisabled();
    // The switches stay usable: another change is saved after this one.
    expect(screen.getByRole('switch', { name: 'Theme' })).toBeEnabled();

    answerPut();
    await waitFor(() => expect(stored()).toMatchObject({ profileVisibility: 'private' }));
    for (const action of actions) await waitFor(() => expect(action).toBeEnabled());
    expect(visibility).toHaveAccessibleDescription('Visible to friends only');
  });

  it("a guest's switch stays on the device and asks no server", async () => {
    const { calls } = mockFetch({});
    const user = userEvent.setup();
    renderSettings(false);
    const visibility = await screen.findByRole('switch', { name: 'Profile Visibility' });
    await waitFor(() => expect(visibility).toBeEnabled());
    await user.click(visibility);
    await waitFor(() => expect(stored()).toMatchObject({ profileVisibility: 'private' }));
    expect(visibility).toHaveAccessibleDescription('Visible to friends only');
    expect(calls).toEqual([]);
  });
});

describe('Settings: an ended session', () => {
  it('a 401 on a privacy switch ends the session: the switch goes back and the session says so', async () => {
    memberServer([], { 'PUT /api/me/settings': json({ error: { code: 'UNAUTHENTICATED', message: 'x' } }, 401) });
    const user = userEvent.setup();
    renderSettings(true);
    await screen.findByRole('heading', { name: 'Blocked people' });
    const online = screen.getByRole('switch', { name: 'Online Status' });
    await waitFor(() => expect(online).toBeEnabled());
    await user.click(online);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your session has ended. Please log in again.');
    expect(online).toHaveAccessibleDescription('Visible to friends');
    // Back to a guest: the members-only section is gone.
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Blocked people' })).toBeNull());
  });
});

describe('Settings: Passkeys', () => {
  const workLaptop = { id: '4b0f8a52-5f0e-4d5b-9a3e-6f1c2d3e4f50', name: 'Work laptop', createdAt: '2026-03-01T12:00:00.000Z' };

  it("lists the member's passkeys; Remove asks first, then the passkey leaves the list and it is told", async () => {
    const { calls } = memberServer([], { 'GET /api/me/passkeys': json({ passkeys: [workLaptop] }), [`DELETE /api/me/passkeys/${workLaptop.id}`]: { status: 204 } });
    const user = userEvent.setup();
    renderSettings(true);
    const section = (await screen.findByRole('heading', { level: 2, name: 'Passkeys' })).closest('section')!;
    const list = await within(section).findByRole('list', { name: 'Passkeys' });
    expect(await within(list).findByText('Work laptop')).toBeInTheDocument();
    expect(within(list).getByText(/^Added /)).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Remove Work laptop' }));
    const question = screen.getByRole('alertdialog', { name: 'Remove this passkey?' });
    expect(question).toHaveTextContent('"Work laptop" will no longer sign you in.');
    await user.click(within(question).getByRole('button', { name: 'Remove' }));
    expect(await within(section).findByText('You have no passkeys yet.')).toBeInTheDocument();
    expect(within(section).getByRole('status')).toHaveTextContent('Passkey removed.');
    expect(calls.filter((c) => c.path.startsWith('/api/me/passkeys')).map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/me/passkeys', `DELETE /api/me/passkeys/${workLaptop.id}`]);
  });

  it("'Add a passkey' asks for the password in a dialog and shows a refusal there, keeping what was typed", async () => {
    const { calls } = memberServer([], { 'POST /api/me/passkeys/options': json({ error: { code: 'WRONG_PASSWORD', message: 'x' } }, 403) });
    const user = userEvent.setup();
    renderSettings(true);
    const section = (await screen.findByRole('heading', { level: 2, name: 'Passkeys' })).closest('section')!;
    await within(section).findByText('You have no passkeys yet.');
    await user.click(within(section).getByRole('button', { name: 'Add a passkey' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a passkey' });
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Password is required');
    await user.type(within(dialog).getByLabelText('Password'), 'guess');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('That password is not correct')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Password')).toHaveValue('guess');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/me/passkeys/options']);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Add a passkey' })).toBeNull();
  });
});
