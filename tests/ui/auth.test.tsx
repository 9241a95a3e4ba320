// @vitest-environment happy-dom
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pathname, renderSessionScreensAt } from '../support/sessionScreens';
import { resetScreen } from '../support/screenTeardown';

const renderAt = (path: string) => renderSessionScreensAt(path);

/** The text of the error tied to an input through aria-describedby, or null when it has none. */
function errorOf(input: HTMLElement): string | null {
  const id = input.getAttribute('aria-describedby');
  if (!id) return null;
  const message = document.getElementById(id);
  expect(message).toHaveClass('field-error');
  // The message sits directly under its own field.
  expect(input.nextElementSibling).toBe(message);
  return message?.textContent ?? null;
}

async function advance(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

/** Lets the session's promises run their course inside act (50 microtask turns) without moving the clock; `first` starts it. */
async function settleSession(first: () => void = () => undefined) {
  await act(async () => {
    first();
    for (let turn = 0; turn < 50; turn++) await Promise.resolve();
  });
}

/** A session request the server holds until the test lets it say yes (for mira): what lets a form be left while it is on its way. */
function heldRequest() {
  const mira = { id: 'm-1', username: 'mira', email: 'mira@example.com', createdAt: '2026-11-23T10:00:00.000Z' };
  let answer!: (member: typeof mira) => void;
  return {
    request: () => new Promise<typeof mira>((resolve) => (answer = resolve)),
    /** The server says yes, and what the session does next has run. */
    sayYes: () => settleSession(() => answer(mira)),
  };
}

/** After a refused submit: the message under that field only, focus on that field, and the screen stays at `path`. */
async function expectOnlyErrorOn(labels: readonly string[], label: string, message: string, path: string) {
  for (const other of labels) expect(errorOf(screen.getByLabelText(other)), other).toBe(other === label ? message : null);
  expect(screen.getByLabelText(label)).toHaveFocus();
  await advance(1000);
  expect(pathname()).toBe(path);
}

beforeEach(() => {
  vi.useFakeTimers();
  // Testing Library drains pending work with a 0 ms timeout after each user action and only advances
  // fake clocks it recognises as Jest's; this lets it advance Vitest's.
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
});
afterEach(resetScreen);

const signUpGood = { Username: 'mira', Email: 'mira@example.com', Password: 'secret1', 'Confirm Password': 'secret1' };
type SignUpLabel = keyof typeof signUpGood;

async function fill(user: ReturnType<typeof userEvent.setup>, values: Partial<Record<string, string>>) {
  for (const [label, value] of Object.entries(values)) {
    const input = screen.getByLabelText(label);
    await user.clear(input);
    if (value) await user.type(input, value);
  }
}

describe('Create Account (/auth)', () => {
  it('shows the logo, heading, network subtitle and four labelled fields with masked passwords', () => {
    renderAt('/auth');
    expect(screen.getByRole('heading', { level: 1, name: 'Create Account' })).toBeInTheDocument();
    expect(screen.getByText('Join the Mycelius network')).toBeInTheDocument();
    expect(document.querySelector('.brand img')?.getAttribute('src')).toBeTruthy();
    expect(screen.getByLabelText('Username')).toHaveAttribute('type', 'text');
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('type', 'password');
    expect(document.querySelector('.screen')).not.toHaveClass('fade-out');
  });

  it('shows no error before the first submit', async () => {
    const user = renderAt('/auth');
    await fill(user, { Email: 'nope' });
    expect(document.querySelectorAll('.field-error')).toHaveLength(0);
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
  });

  it('submitting an empty form puts each required message under its field and focuses the first', async () => {
    const user = renderAt('/auth');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(errorOf(screen.getByLabelText('Username'))).toBe('Username is required');
    expect(errorOf(screen.getByLabelText('Email'))).toBe('Email is required');
    expect(errorOf(screen.getByLabelText('Password'))).toBe('Password is required');
    expect(errorOf(screen.getByLabelText('Confirm Password'))).toBeNull();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Username')).toHaveFocus();
    expect(pathname()).toBe('/auth');
  });

  it.each<[SignUpLabel, string, string]>([
    ['Username', '   ', 'Username is required'],
    ['Username', 'mira!', 'Usernames use letters and digits, with single spaces, dots, hyphens or underscores between them'],
    ['Username', 'm'.repeat(33), 'Username must be at most 32 characters'],
    ['Email', '', 'Email is required'],
    ['Email', 'mira@example', 'Please enter a valid email'],
    ['Email', 'mira @example.com', 'Please enter a valid email'],
    ['Password', '', 'Password is required'],
    ['Password', '12345', 'Password must be at least 6 characters'],
    ['Confirm Password', 'secret2', 'Passwords do not match'],
  ])('%s %j shows "%s" under that field only', async (label, value, message) => {
    const user = renderAt('/auth');
    const values = { ...signUpGood, [label]: value };
    // A bad password is confirmed with itself so only the password rule is in play.
    if (label === 'Password') values['Confirm Password'] = value;
    await fill(user, values);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await expectOnlyErrorOn(Object.keys(signUpGood), label, message, '/auth');
  });

  it('clears or updates a field error as the user corrects it after a failed submit', async () => {
    const user = renderAt('/auth');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    const email = screen.getByLabelText('Email');
    await user.type(email, 'mira');
    expect(errorOf(email)).toBe('Please enter a valid email');
    await user.type(email, '@example.com');
    expect(errorOf(email)).toBeNull();
    expect(email).not.toHaveAttribute('aria-invalid');
    await user.type(screen.getByLabelText('Password'), 'abc');
    expect(errorOf(screen.getByLabelText('Password'))).toBe('Password must be at least 6 characters');
    expect(errorOf(screen.getByLabelText('Confirm Password'))).toBe('Passwords do not match');
  });

  it('a valid submit fades the screen out and reaches /connections after 500 ms', async () => {
    const user = renderAt('/auth');
    await fill(user, signUpGood);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(document.querySelectorAll('.field-error')).toHaveLength(0);
    expect(document.querySelector('.screen')).toHaveClass('fade-out');
    await advance(499);
    expect(pathname()).toBe('/auth');
    await advance(1);
    expect(pathname()).toBe('/connections');
    expect(screen.getByRole('heading', { name: 'Connections' })).toBeInTheDocument();
  });

  it('submits with Enter from a field', async () => {
    const user = renderAt('/auth');
    await fill(user, signUpGood);
    await user.type(screen.getByLabelText('Confirm Password'), '{Enter}');
    await advance(500);
    expect(pathname()).toBe('/connections');
  });

  it("'Sign in' goes to /login", async () => {
    const user = renderAt('/auth');
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(pathname()).toBe('/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Log In' })).toBeInTheDocument();
  });

  it("'Sign in' works while the account is being created: /login at once, and the sign-up is abandoned (a yes is logged out, nothing follows)", async () => {
    const signUp = heldRequest();
    const loggedOut = vi.fn(async () => undefined);
    const user = renderSessionScreensAt('/auth', { signUp: signUp.request, logOut: loggedOut });
    await fill(user, signUpGood);
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByRole('button', { name: 'Creating account…' })).toBeDisabled();

    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(pathname()).toBe('/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Log In' })).toBeInTheDocument();

    await signUp.sayYes();
    expect(loggedOut).toHaveBeenCalledTimes(1);
    await advance(1000);
    expect(pathname()).toBe('/login');
    // Still a guest: the log-in form is there to use, and nobody was signed in on this device.
    expect(screen.getByRole('button', { name: 'Log In' })).toBeEnabled();
  });
});

describe('Log In (/login)', () => {
  // After a log-in the app asks the server for the member's profile to choose where to land; this member
  // has none yet, so the landing is profile building.
  beforeEach(() => {
    const me = { user: { id: 'm-1', username: 'mira', email: 'mira@example.com', createdAt: '2026-11-23T10:00:00.000Z' }, profile: null };
    vi.stubGlobal('fetch', vi.fn(async () => ({ ok: true, status: 200, headers: new Headers(), json: async () => me })));
  });

  it('shows the heading, subtitle, placeholder, masked password and the way to sign up', () => {
    renderAt('/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Log In' })).toBeInTheDocument();
    expect(screen.getByText('Welcome back to the Mycelius network')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('placeholder', 'Enter your username');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Log In' })).toHaveAttribute('type', 'submit');
    const prompt = screen.getByText("Don't have an account?", { exact: false });
    expect(within(prompt).getByRole('button', { name: 'Create one' })).toBeInTheDocument();
  });

  it('submitting an empty form shows both required messages and focuses Username', async () => {
    const user = renderAt('/login');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(errorOf(screen.getByLabelText('Username'))).toBe('Username is required');
    expect(errorOf(screen.getByLabelText('Password'))).toBe('Password is required');
    expect(screen.getByLabelText('Username')).toHaveFocus();
  });

  it.each([
    ['Username', '  ', 'Username is required'],
    ['Password', '', 'Password is required'],
    ['Password', '12345', 'Password must be at least 6 characters'],
  ])('%s %j shows "%s" under that field only', async (label, value, message) => {
    const user = renderAt('/login');
    await fill(user, { Username: 'mira', Password: 'secret1', [label]: value });
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    await expectOnlyErrorOn(['Username', 'Password'], label, message, '/login');
  });

  it('a valid submit fades out and reaches /connections after 500 ms', async () => {
    const user = renderAt('/login');
    await fill(user, { Username: 'mira', Password: 'secret1' });
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    // The log-in and the profile read that chooses the landing answer at once, without the clock moving.
    await settleSession();
    expect(document.querySelector('.screen')).toHaveClass('fade-out');
    await advance(499);
    expect(pathname()).toBe('/login');
    await advance(1);
    expect(pathname()).toBe('/connections');
  });

  it("'Create one' goes to /auth", async () => {
    const user = renderAt('/login');
    await user.click(screen.getByRole('button', { name: 'Create one' }));
    expect(pathname()).toBe('/auth');
    expect(screen.getByRole('heading', { level: 1, name: 'Create Account' })).toBeInTheDocument();
  });

  it("'Create one' works while logging in: /auth at once, and the log-in is abandoned (a yes is logged out, nothing follows)", async () => {
    const logIn = heldRequest();
    const loggedOut = vi.fn(async () => undefined);
    const user = renderSessionScreensAt('/login', { logIn: logIn.request, logOut: loggedOut });
    await fill(user, { Username: 'mira', Password: 'secret1' });
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(screen.getByRole('button', { name: 'Logging in…' })).toBeDisabled();
    const createOne = screen.getByRole('button', { name: 'Create one' });
    expect(createOne).toBeEnabled();

    await user.click(createOne);
    expect(pathname()).toBe('/auth');
    expect(screen.getByRole('heading', { level: 1, name: 'Create Account' })).toBeInTheDocument();

    await logIn.sayYes();
    expect(loggedOut).toHaveBeenCalledTimes(1);
    await advance(1000);
    expect(pathname()).toBe('/auth');
  });
});
