// @vitest-environment happy-dom
import { StrictMode } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logInMachine } from '../../src/machines/logIn.machine';
import { signUpMachine } from '../../src/machines/signUp.machine';
import LogIn from '../../src/ui/screens/LogIn';
import SignUp from '../../src/ui/screens/SignUp';
import { testScreenModel, type ModelEvent } from '../support/modelTest';

// The sign-up and log-in screens driven along their machines' model paths with real user events: every
// mix of typed values, before and after a submit, is typed into the rendered form and the form is
// checked for docs/product.md §5's texts under the right fields, focus, the fade and the route.

const LABELS: Record<string, string> = { username: 'Username', email: 'Email', password: 'Password', confirmPassword: 'Confirm Password' };

type Values = Record<string, string>;

// docs/product.md §5, spelled out.
function expectedErrors(v: Values): Record<string, string> {
  const errors: Record<string, string> = {};
  if (v.username!.trim() === '') errors.username = 'Username is required';
  if ('email' in v) {
    if (v.email === '') errors.email = 'Email is required';
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email)) errors.email = 'Please enter a valid email';
  }
  if (v.password === '') errors.password = 'Password is required';
  else if (v.password!.length < 6) errors.password = 'Password must be at least 6 characters';
  if ('confirmPassword' in v && v.confirmPassword !== v.password) errors.confirmPassword = 'Passwords do not match';
  return errors;
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

const pathname = () => screen.getByTestId('where').textContent;

function mountAt(path: string) {
  render(
    <StrictMode>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/auth" element={<SignUp />} />
          <Route path="/login" element={<LogIn />} />
          <Route path="/connections" element={<h1>Connections</h1>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </StrictMode>,
  );
  return userEvent.setup({ delay: null });
}

/** The text of the error tied to an input through aria-describedby, or undefined when it has none. */
function errorOf(input: HTMLElement): string | undefined {
  const id = input.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? undefined) : undefined;
}

async function advance(ms: number) {
  await act(async () => {
    vi.advanceTimersByTime(ms);
  });
}

type User = ReturnType<typeof userEvent.setup>;

/** The user actions behind the form machines' events. */
function formActs(submitLabel: string, route: string) {
  return {
    CHANGE: async (user: User, event: ModelEvent) => {
      const input = screen.getByLabelText(LABELS[event.field as string]!);
      await user.clear(input);
      if (event.value) await user.type(input, event.value as string);
    },
    SUBMIT: async (user: User) => user.click(screen.getByRole('button', { name: submitLabel })),
    // docs/product.md §2: after a valid submit the screen goes to /connections after 500 ms, not before.
    [`xstate.after.navigateDelay.${route === '/auth' ? 'signUp' : 'logIn'}.leaving`]: async () => {
      await advance(499);
      expect(pathname()).toBe(route);
      await advance(1);
    },
  };
}

function formStates(fields: string[], route: string) {
  const inputs = () => fields.map((f) => [f, screen.getByLabelText(LABELS[f]!)] as const);
  return {
    // Before the first submit nothing is marked wrong, whatever was typed.
    'editing.filling': ({ target }: { target: { context: { values: Values } } }) => {
      for (const [field, input] of inputs()) {
        expect(input).toHaveValue(target.context.values[field]);
        expect(errorOf(input)).toBeUndefined();
      }
      expect(pathname()).toBe(route);
    },
    // After a failed submit each field shows its own message, and a submit focuses the first wrong field.
    'editing.correcting': ({ target, events }: { target: { context: { values: Values } }; events: ModelEvent[] }) => {
      const expected = expectedErrors(target.context.values);
      for (const [field, input] of inputs()) {
        expect(input).toHaveValue(target.context.values[field]);
        expect(errorOf(input)).toBe(expected[field]);
        expect(input.getAttribute('aria-invalid')).toBe(expected[field] ? 'true' : null);
      }
      if (events.at(-1)?.type === 'SUBMIT') expect(screen.getByLabelText(LABELS[fields.find((f) => expected[f])!]!)).toHaveFocus();
      expect(pathname()).toBe(route);
    },
    leaving: () => {
      expect(document.querySelectorAll('.field-error')).toHaveLength(0);
      expect(document.querySelector('.screen')).toHaveClass('fade-out');
      expect(pathname()).toBe(route);
    },
    done: () => {
      expect(pathname()).toBe('/connections');
      expect(screen.getByRole('heading', { name: 'Connections' })).toBeInTheDocument();
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  // Testing Library advances fake clocks it recognises as Jest's; this lets it advance Vitest's.
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('Create Account screen along the sign-up model', () => {
  it('shows the right texts, focus, fade and route in every reachable form state', async () => {
    const driven = await testScreenModel({
      model: {
        machine: signUpMachine,
        limit: 200,
        events: [
          { type: 'CHANGE', field: 'username', value: '   ' },
          { type: 'CHANGE', field: 'username', value: 'mira' },
          { type: 'CHANGE', field: 'email', value: 'mira@example' },
          { type: 'CHANGE', field: 'email', value: 'mira@example.com' },
          { type: 'CHANGE', field: 'password', value: '12345' },
          { type: 'CHANGE', field: 'password', value: 'secret1' },
          { type: 'CHANGE', field: 'confirmPassword', value: 'secret1' },
          { type: 'SUBMIT' },
          { type: 'xstate.after.navigateDelay.signUp.leaving' },
        ],
      },
      mount: () => mountAt('/auth'),
      unmount: () => cleanup(),
      act: formActs('Sign Up', '/auth'),
      states: formStates(['username', 'email', 'password', 'confirmPassword'], '/auth'),
    });
    expect(driven).toBe(110);
  }, 120_000);
});

describe('Log In screen along the log-in model', () => {
  it('shows the right texts, focus, fade and route in every reachable form state', async () => {
    const driven = await testScreenModel({
      model: {
        machine: logInMachine,
        limit: 40,
        // 'Create one' leaves the screen; its own test in auth.test.tsx covers it.
        events: [
          { type: 'CHANGE', field: 'username', value: '  ' },
          { type: 'CHANGE', field: 'username', value: 'mira' },
          { type: 'CHANGE', field: 'password', value: '12345' },
          { type: 'CHANGE', field: 'password', value: 'secret1' },
          { type: 'SUBMIT' },
          { type: 'xstate.after.navigateDelay.logIn.leaving' },
        ],
      },
      mount: () => mountAt('/login'),
      unmount: () => cleanup(),
      act: formActs('Log In', '/login'),
      states: formStates(['username', 'password'], '/login'),
    });
    expect(driven).toBe(20);
  }, 60_000);
});
