// @vitest-environment happy-dom
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminActors } from '../../src/features/admin/actors/admin.actors';
import { AdminActorsContext } from '../../src/features/admin/ui/AdminActors';
import AdminConsole from '../../src/features/admin/ui/AdminConsole';
import { json, mockFetch } from '../services/fetchMock';
import { resetScreen } from '../support/screenTeardown';

// The console at /admin: 'Open reports' as articles with real buttons, a dialog (length and a labelled
// reason) for every action, what was done said aloud, and 'Moderation log' newest first. Anyone the
// server hides it from (404) sees the app's not-found screen.

const report = {
  id: '11111111-1111-4111-8111-111111111111',
  createdAt: '2026-03-01T12:00:00.000Z',
  source: 'message',
  reason: 'harassment',
  note: 'Rude in chat',
  reporter: 'Alice',
  reported: { id: '22222222-2222-4222-8222-222222222222', username: 'Bob', memberSince: '2026-02-20T12:00:00.000Z', suspension: null },
  evidence: [
    { position: 1, sender: 'Alice', fromReported: false, text: 'Leave me alone', sentAt: '2026-03-01T11:58:00.000Z' },
    { position: 0, sender: 'Bob', fromReported: true, text: 'You will regret it', sentAt: '2026-03-01T11:59:00.000Z' },
  ],
  earlier: { count: 2, recent: [{ id: 'e-1', createdAt: '2026-02-25T09:30:00.000Z', reason: 'spam', status: 'closed' }] },
};
const entry = { id: 'l-1', at: '2026-03-01T12:06:00.000Z', operator: 'Olga', action: 'suspend', target: 'Bob', length: '7d', reason: 'Threats in chat' };

function renderConsole() {
  render(
    <MemoryRouter initialEntries={['/admin']}>
      <AdminActorsContext.Provider value={adminActors}>
        <AdminConsole />
      </AdminActorsContext.Provider>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(resetScreen);

describe('the operators console', () => {
  it('lists a report with its evidence, suspends for 7 days with a reason through the dialog, and logs it', async () => {
    let suspended = false;
    const { calls } = mockFetch({
      'GET /api/admin/reports': () => json({ reports: suspended ? [] : [report], now: '2026-03-01T12:05:00.000Z' }),
      'GET /api/admin/log': () => json({ entries: suspended ? [entry] : [] }),
      [`POST /api/admin/members/${report.reported.id}/suspend`]: () => {
        suspended = true;
        return json({ entry });
      },
    });
    const user = userEvent.setup();
    renderConsole();

    const reports = (await screen.findByRole('heading', { level: 2, name: 'Open reports' })).closest('section')!;
    expect(screen.getByRole('heading', { level: 2, name: 'Moderation log' })).toBeInTheDocument();
    const article = within(reports).getByRole('article', { name: 'Alice reported Bob' });
    expect(article).toHaveTextContent('Harassment or bullying');
    expect(article).toHaveTextContent('Rude in chat');
    expect(article).toHaveTextContent('Member for 9 days');
    expect(article).toHaveTextContent('Earlier reports: 2');
    expect(within(article).getAllByRole('listitem').slice(0, 2).map((item) => item.textContent)).toEqual([
      'Alice 1 March 2026, 11:58 UTCLeave me alone',
      'Bob 1 March 2026, 11:59 UTCYou will regret it',
    ]);
    expect(within(article).getAllByRole('button').map((button) => button.textContent)).toEqual(['Dismiss', 'Suspend', 'Delete account']);

    await user.click(within(article).getByRole('button', { name: 'Suspend' }));
    const dialog = await screen.findByRole('dialog', { name: 'Suspend Bob' });
    expect(within(dialog).getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual(['1 day', '7 days', 'Permanently']);
    expect(within(dialog).getByRole('radio', { name: '1 day' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please give a reason.');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.click(within(dialog).getByRole('radio', { name: '7 days' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Threats in chat');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Suspended Bob for 7 days.');
    await waitFor(() => expect(within(reports).queryByRole('article')).toBeNull());
    expect(within(reports).getByText('No open reports.')).toBeInTheDocument();
    const log = screen.getByRole('heading', { level: 2, name: 'Moderation log' }).closest('section')!;
    expect(within(log).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['1 March 2026, 12:06 UTC · Olga: Suspended Bob for 7 daysThreats in chat']);
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([{ length: '7d', reason: 'Threats in chat' }]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the app’s not-found screen when the server hides the console', async () => {
    mockFetch({
      'GET /api/admin/reports': json({ error: { code: 'NOT_FOUND', message: 'No such API route.' } }, 404),
      'GET /api/admin/log': json({ error: { code: 'NOT_FOUND', message: 'No such API route.' } }, 404),
    });
    renderConsole();
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Open reports' })).toBeNull();
  });

  it('keeps the dialog open with the server’s words when the action is refused', async () => {
    mockFetch({
      'GET /api/admin/reports': json({ reports: [report], now: '2026-03-01T12:05:00.000Z' }),
      'GET /api/admin/log': json({ entries: [] }),
      [`POST /api/admin/reports/${report.id}/dismiss`]: json({ error: { code: 'REPORT_CLOSED', message: 'x' } }, 409),
    });
    const user = userEvent.setup();
    renderConsole();
    await user.click(await screen.findByRole('button', { name: 'Dismiss' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss the report about Bob' });
    expect(within(dialog).queryByRole('radio')).toBeNull();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Not a problem');
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That report has already been closed.');
    expect(within(dialog).getByRole('textbox', { name: 'Reason' })).toHaveValue('Not a problem');
  });
});
