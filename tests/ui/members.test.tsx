// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemberApiError } from '../../src/shared/http/errors';
import LogIn from '../../src/features/session/ui/LogIn';
import Settings from '../../src/features/settings/ui/Settings';
import SignUp from '../../src/features/session/ui/SignUp';
import { SessionContext } from '../../src/features/session/ui/SessionContext';
import { SessionEndedNotice } from '../../src/app/SessionRoot';
import { fakeMember, WithSession, type FakeServer } from '../support/session';
import { json, mockFetch } from '../services/fetchMock';
import { resetScreen } from '../support/screenTeardown';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function ExpireButton() {
  const session = SessionContext.useActorRef();
  return (
    <button type="button" onClick={() => session.send({ type: 'SESSION_EXPIRED' })}>
      expire
    </button>
  );
}

function renderAt(path: string, server: FakeServer = {}) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <WithSession server={server}>
        <SessionEndedNotice />
        <Routes>
          <Route path="/auth" element={<SignUp />} />
          <Route path="/login" element={<LogIn />} />
          <Route path="/settings" element={<><Settings /><ExpireButton /></>} />
          <Route path="/connections" element={<h1>Build Your Profile</h1>} />
        </Routes>
      </WithSession>
      <Where />
    </MemoryRouter>,
  );
  return userEvent.setup({ delay: null });
}

const where = () => screen.getByTestId('where').textContent;

function describedText(element: HTMLElement): string | null {
  const id = element.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
}

async function fillSignUp(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Username'), 'mira');
  await user.type(screen.getByLabelText('Email'), 'mira@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.type(screen.getByLabelText('Confirm Password'), 'secret1');
}

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.clear();
  sessionStorage.clear();
  // A member's Settings also reads the privacy and the blocked people the server keeps.
  mockFetch({
    'GET /api/me/settings': json({ profileVisibility: 'public', showOnlineStatus: true, communities: [] }),
    'GET /api/blocks': json({ blocked: [] }),
  });
});
afterEach(resetScreen);

describe('Create Account with the server', () => {
  it('a taken username shows under Username, keeps every value, focuses the field and goes once the name changes', async () => {
    const signUp = vi.fn(async () => {
      throw new MemberApiError('USERNAME_TAKEN', { status: 409, field: 'username' });
    });
    const user = renderAt('/auth', { signUp });
    await fillSignUp(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    const username = screen.getByLabelText('Username');
    await waitFor(() => expect(describedText(username)).toBe('That username is taken'));
    expect(signUp).toHaveBeenCalledWith({ username: 'mira', email: 'mira@example.com', password: 'secret1' });
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveFocus();
    expect(screen.getByLabelText('Email')).toHaveValue('mira@example.com');
    expect(screen.getByLabelText('Confirm Password')).toHaveValue('secret1');
    expect(where()).toBe('/auth');
    await user.type(username, '2');
    expect(describedText(username)).toBeNull();
  });

  it('offline: a form message says so and nothing typed is lost', async () => {
    const user = renderAt('/auth', {
      signUp: async () => {
        throw new MemberApiError('OFFLINE');
      },
    });
    await fillSignUp(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('You appear to be offline. Please check your connection and try again.');
    expect(screen.getByRole('form', { name: 'Create Account' })).toHaveAccessibleDescription(
      'You appear to be offline. Please check your connection and try again.',
    );
    expect(screen.getByLabelText('Username')).toHaveValue('mira');
    expect(screen.getByLabelText('Password')).toHaveValue('secret1');
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeEnabled();
  });

  it('an accepted sign-up fades out and reaches /connections 500 ms later', async () => {
    let answer!: () => void;
    const user = renderAt('/auth', { signUp: () => new Promise((resolve) => (answer = () => resolve(fakeMember))) });
    await fillSignUp(user);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    // While the server is asked the button says so and nothing fades yet.
    expect(screen.getByRole('button', { name: 'Creating account…' })).toBeDisabled();
    expect(document.querySelector('.screen.fade-out')).toBeNull();
    await act(async () => answer());
    expect(document.querySelector('.screen.fade-out')).not.toBeNull();
    await act(async () => vi.advanceTimersByTime(499));
    expect(where()).toBe('/auth');
    await act(async () => vi.advanceTimersByTime(1));
    expect(where()).toBe('/connections');
  });

  it("'Continue as guest' asks no server and goes to /connections after the fade", async () => {
    const signUp = vi.fn(async () => fakeMember);
    const user = renderAt('/auth', { signUp });
    await user.click(screen.getByRole('button', { name: 'Continue as guest' }));
    expect(screen.getByRole('button', { name: 'Continue as guest' })).toHaveAccessibleDescription(
      'No account: your profile, friends and chats stay on this device only.',
    );
    await act(async () => vi.advanceTimersByTime(500));
    expect(where()).toBe('/connections');
    expect(signUp).not.toHaveBeenCalled();
  });
});

describe('Log In with the server', () => {
  it('wrong credentials: an alert for the form, the values stay, still on /login', async () => {
    const user = renderAt('/login', {
      logIn: async () => {
        throw new MemberApiError('INVALID_CREDENTIALS', { status: 401 });
      },
    });
    await user.type(screen.getByLabelText('Username'), 'mira');
    await user.type(screen.getByLabelText('Password'), 'wrongpass');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
    expect(screen.getByLabelText('Password')).toHaveValue('wrongpass');
    await act(async () => vi.advanceTimersByTime(1000));
    expect(where()).toBe('/login');
  });

  it('the throttle tells how many minutes to wait', async () => {
    const user = renderAt('/login', {
      logIn: async () => {
        throw new MemberApiError('TOO_MANY_ATTEMPTS', { status: 429, retryAfterSeconds: 900 });
      },
    });
    await user.type(screen.getByLabelText('Username'), 'mira');
    await user.type(screen.getByLabelText('Password'), 'wrongpass');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 15 minutes.');
  });
});

describe('Settings for a member', () => {
  it('Delete account asks for the password in a dialog; a wrong one is shown there, the right one leaves for /auth', async () => {
    let calls = 0;
    const deleteAccount = vi.fn(async (password: string) => {
      calls += 1;
      if (password !== 'secret1') throw new MemberApiError('WRONG_PASSWORD', { status: 403 });
    });
    const user = renderAt('/settings', { member: fakeMember, deleteAccount });
    expect(await screen.findByText('mira')).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete account' });
    const password = within(dialog).getByLabelText('Password');
    expect(password).toHaveFocus();

    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Password is required');
    expect(calls).toBe(0);

    await user.type(password, 'nope');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('That password is not correct');
    expect(password).toHaveAccessibleDescription('That password is not correct');
    expect(where()).toBe('/settings');

    await user.clear(password);
    await user.type(password, 'secret1');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    await waitFor(() => expect(where()).toBe('/auth'));
    expect(deleteAccount).toHaveBeenLastCalledWith('secret1');
  });

  it('Cancel closes the dialog and deletes nothing; a guest has no Delete account at all', async () => {
    const deleteAccount = vi.fn(async () => undefined);
    const user = renderAt('/settings', { member: fakeMember, deleteAccount });
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(deleteAccount).not.toHaveBeenCalled();
    cleanup();

    renderAt('/settings');
    expect(await screen.findByText('Guest: your data stays on this device only.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete account' })).toBeNull();
  });

  it('an ended session shows the notice with a way to log in again', async () => {
    const user = renderAt('/settings', { member: fakeMember });
    // Once the member is known (their Delete account shows), a member call answers 401.
    await screen.findByRole('button', { name: 'Delete account' });
    await user.click(screen.getByRole('button', { name: 'expire' }));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Your session has ended. Please log in again.');
    await user.click(within(notice).getByRole('link', { name: 'Log In' }));
    expect(where()).toBe('/login');
    expect(screen.queryByText('Your session has ended. Please log in again.')).toBeNull();
  });
});
