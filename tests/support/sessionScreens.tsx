import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import LogIn from '../../src/features/session/ui/LogIn';
import SignUp from '../../src/features/session/ui/SignUp';
import { WithSession, type FakeServer } from './session';

// The sign-up and log-in screens as the app routes them, with the places they lead to (profile building,
// Home) as plain headings and the current path on show.

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

/** Renders the session screens at `path` over `server`; the user types with no delay, for tests whose clock is fake. */
export function renderSessionScreensAt(path: string, server?: FakeServer) {
  render(
    <StrictMode>
      <MemoryRouter initialEntries={[path]}>
        <WithSession server={server}>
          <Routes>
            <Route path="/auth" element={<SignUp />} />
            <Route path="/login" element={<LogIn />} />
            <Route path="/connections" element={<h1>Connections</h1>} />
            <Route path="/home" element={<h1>Home</h1>} />
          </Routes>
        </WithSession>
        <Where />
      </MemoryRouter>
    </StrictMode>,
  );
  return userEvent.setup({ delay: null });
}

/** The path the screens have navigated to. */
export const pathname = () => screen.getByTestId('where').textContent;
