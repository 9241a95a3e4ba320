// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { welcomeMessage } from '../../src/domain/chat';
import { PersonActions } from '../../src/features/safety/ui/PersonActions';
import { HideIfBlocked, PersonSafetyScope } from '../../src/features/safety/ui/PersonSafetyScope';
import ChatView from '../../src/features/chat/ui/ChatView';
import { WithChatGamesActors } from '../support/featureActors';
import { json, mockFetch } from '../services/fetchMock';
import { resetScreen } from '../support/screenTeardown';

// Block and report as a member does them: from a card's 'More actions' menu or a chat header, through in-page
// dialogs (never window.confirm), against the contract's routes (a recording fetch stands in for the server).

const people = [
  { id: 'm-2', username: 'nova', kind: 'member' as const },
  { id: 'm-3', username: 'kai', kind: 'member' as const },
  { id: 'user-1', username: 'RiffLord', kind: 'sample' as const },
];

function renderCards() {
  return render(
    <PersonSafetyScope>
      <ul aria-label="People">
        {people.map((person) => (
          <HideIfBlocked key={person.id} personId={person.id}>
            <li>
              <h2>{person.username}</h2>
              <PersonActions person={person} />
            </li>
          </HideIfBlocked>
        ))}
      </ul>
    </PersonSafetyScope>,
    { wrapper: WithChatGamesActors },
  );
}

const cardNames = () => within(screen.getByRole('list', { name: 'People' })).getAllByRole('heading').map((h) => h.textContent);

/** Opens the person's 'More actions' menu on their card and picks Block or Report; answers the dialog that opens. */
async function openFromCard(user: ReturnType<typeof userEvent.setup>, action: 'Block' | 'Report', username: string): Promise<HTMLElement> {
  await user.click(screen.getByRole('button', { name: `More actions for ${username}` }));
  await user.click(screen.getByRole('button', { name: `${action} ${username}` }));
  return screen.getByRole('dialog', { name: action === 'Block' ? `Block ${username}?` : `Report ${username}` });
}

/** Renders the cards and opens Block or Report from the person's card; answers the member's user events and the dialog. */
async function cardsWithDialog(action: 'Block' | 'Report', username: string) {
  const user = userEvent.setup();
  renderCards();
  return { user, dialog: await openFromCard(user, action, username) };
}

const confirmSpy = vi.fn(() => {
  throw new Error('window.confirm must not be used');
});

beforeEach(() => {
  vi.stubGlobal('confirm', confirmSpy);
});
afterEach(resetScreen);

describe('More actions menu', () => {
  it('is a real button per member, none for a sample person; it opens Report and Block and Escape closes it', async () => {
    mockFetch({});
    const user = userEvent.setup();
    renderCards();
    const toggle = screen.getByRole('button', { name: 'More actions for nova' });
    expect(screen.getByRole('button', { name: 'More actions for kai' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'More actions for RiffLord' })).toBeNull();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Report nova' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Block nova' })).toBeVisible();
    await user.keyboard('{Tab}{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Block nova' })).toBeNull();
    expect(toggle).toHaveFocus();
  });
});

describe('Block', () => {
  it('asks in a dialog (Cancel focused, Escape closes), then blocks and the person leaves the screen', async () => {
    const { calls } = mockFetch({ 'POST /api/blocks': json({}, 201) });
    const user = userEvent.setup();
    renderCards();
    let dialog = await openFromCard(user, 'Block', 'nova');
    expect(dialog).toHaveAccessibleDescription(/You will no longer see each other anywhere in Mycelius/);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toEqual([]);

    dialog = await openFromCard(user, 'Block', 'nova');
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    // Said in the page, not only to screen readers: what happened, until Done.
    const done = await screen.findByRole('dialog', { name: 'You blocked nova.' });
    expect(done).toHaveAccessibleDescription(
      'You and nova no longer see each other anywhere in Mycelius. Your friendship and any friend requests between you have ended. You can unblock nova in Settings.',
    );
    expect(within(done).getByRole('button', { name: 'Done' })).toHaveFocus();
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([['POST', '/api/blocks', { userId: 'm-2' }]]);
    expect(cardNames()).toEqual(['kai', 'RiffLord']);
    await user.click(within(done).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('You blocked nova.');
    expect(confirmSpy).not.toHaveBeenCalled();
  });

  it('shows the server reason inside the dialog and keeps the person', async () => {
    mockFetch({ 'POST /api/blocks': json({ error: { code: 'TOO_MANY_REQUESTS', message: 'x' } }, 429) });
    const { user, dialog } = await cardsWithDialog('Block', 'kai');
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You are doing that too often. Please wait a while and try again.');
    expect(cardNames()).toEqual(['nova', 'kai', 'RiffLord']);
  });
});

describe('Report', () => {
  it('needs a reason (radio buttons), sends it with the note, then thanks; the note stops at 500 characters', async () => {
    const { calls } = mockFetch({ 'POST /api/reports': json({ id: 'r-1' }, 201) });
    const { user, dialog } = await cardsWithDialog('Report', 'kai');
    const reasons = within(dialog).getByRole('group', { name: 'What is wrong?' });
    expect(within(reasons).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual([
      'Spam',
      'Harassment or bullying',
      'Inappropriate content',
      'Pretending to be someone else',
      'Something else',
    ]);
    const send = within(dialog).getByRole('button', { name: 'Send report' });
    expect(send).toBeDisabled();

    await user.click(within(reasons).getByRole('radio', { name: 'Harassment or bullying' }));
    const note = within(dialog).getByRole('textbox', { name: 'Anything else we should know? (optional)' });
    expect(note).toHaveAttribute('maxLength', '500');
    await user.type(note, 'Rude in chat');
    expect(within(dialog).getByText('12/500')).toBeInTheDocument();
    await user.click(send);
    expect(await within(dialog).findByText('Thank you. Your report about kai was sent and will be reviewed.')).toBeInTheDocument();
    expect(calls.map((c) => c.body)).toEqual([{ userId: 'm-3', reason: 'harassment', note: 'Rude in chat' }]);
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    // Reporting does not hide anyone.
    expect(cardNames()).toEqual(['nova', 'kai', 'RiffLord']);
  });

  it('a refused report shows its reason in the dialog and keeps the draft', async () => {
    mockFetch({ 'POST /api/reports': json({ error: { code: 'CANNOT_REPORT_SELF', message: 'x' } }, 400) });
    const { user, dialog } = await cardsWithDialog('Report', 'nova');
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('You cannot report yourself.');
    expect(within(dialog).getByRole('radio', { name: 'Spam' })).toBeChecked();
  });
});

describe('in a chat header', () => {
  it('offers block and report for a member partner; blocking says so, then leaves the chat', async () => {
    mockFetch({ 'POST /api/blocks': json({}, 201) });
    const onBack = vi.fn();
    const user = userEvent.setup();
    render(
      <ChatView
        title="nova"
        tagline="Chat"
        logsGame="hottakes"
        messages={[welcomeMessage('Hi!', 0)]}
        emojis={['🔥']}
        placeholder="Message nova..."
        partner={{ name: 'nova', person: { id: 'm-2', kind: 'member' } }}
        onSend={vi.fn()}
        onEmoji={vi.fn()}
        onBack={onBack}
      />,
      { wrapper: WithChatGamesActors },
    );
    const header = screen.getByRole('banner');
    expect(within(header).queryByText('Sample')).toBeNull();
    await user.click(within(header).getByRole('button', { name: 'More actions for nova' }));
    await user.click(screen.getByRole('button', { name: 'Block nova' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Block nova?' })).getByRole('button', { name: 'Block' }));
    // The chat stays behind the confirmation (no blank screen) and leaves once it is read.
    const done = await screen.findByRole('dialog', { name: 'You blocked nova.' });
    expect(onBack).not.toHaveBeenCalled();
    await user.click(within(done).getByRole('button', { name: 'Done' }));
    expect(onBack).toHaveBeenCalledTimes(1);

    // A chat that stays open (a debate asks first): she can still be reported, and is shown as blocked, not offered again.
    await user.click(within(header).getByRole('button', { name: 'More actions for nova' }));
    expect(screen.queryByRole('button', { name: 'Block nova' })).toBeNull();
    expect(within(header).getByText('You blocked nova.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Report nova' }));
    expect(screen.getByRole('dialog', { name: 'Report nova' })).toBeInTheDocument();
  });
});
