// @vitest-environment happy-dom
import { StrictMode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Splash } from '../../src/features/session/ui/Splash';
import { splashActors } from '../../src/features/session/actors/splash.actors';
import { resetScreen } from '../support/screenTeardown';

function Where() {
  const location = useLocation();
  const type = useNavigationType();
  return <output data-testid="where">{`${location.pathname} ${type}`}</output>;
}

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers();
});
afterEach(resetScreen);

function renderSplash() {
  render(
    <StrictMode>
      <MemoryRouter initialEntries={['/intro']}>
        <Routes>
          <Route path="/intro" element={<Splash actors={splashActors} />} />
          <Route path="/auth" element={<h1>Create Account</h1>} />
          <Route path="/dashboard" element={<h1>Discover Friends</h1>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </StrictMode>,
  );
}

describe('Splash (/intro)', () => {
  it('shows the logo, name and tagline, then replaces history with /auth after 3500 ms', async () => {
    renderSplash();
    expect(screen.getByRole('img', { name: 'Mycelius logo' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Mycelius' })).toBeInTheDocument();
    expect(screen.getByText('Connect. Explore. Grow.')).toBeInTheDocument();
    // The returning-visitor check loads on demand; once it has answered "first visit" the 3500 ms start.
    await act(() => vi.dynamicImportSettled());

    await act(async () => {
      vi.advanceTimersByTime(3499);
    });
    expect(screen.getByTestId('where')).toHaveTextContent('/intro POP');
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByTestId('where')).toHaveTextContent('/auth REPLACE');
    expect(screen.getByRole('heading', { name: 'Create Account' })).toBeInTheDocument();
  });

  it('a guest whose stored profile is complete goes straight to /dashboard, replacing history', async () => {
    localStorage.setItem(
      'user_profile',
      JSON.stringify({ username: 'back', hobbies: 'Hiking', musicGenres: [], favoriteGames: ['Elden Ring'], favoriteShows: [] }),
    );
    renderSplash();
    await act(() => vi.dynamicImportSettled());
    expect(screen.getByTestId('where')).toHaveTextContent('/dashboard REPLACE');
    expect(screen.getByRole('heading', { name: 'Discover Friends' })).toBeInTheDocument();
  });

  it('a member (the readable session hint cookie) goes straight to /dashboard', async () => {
    document.cookie = 'mycelius_member=1; path=/';
    try {
      renderSplash();
      await act(() => vi.dynamicImportSettled());
      expect(screen.getByTestId('where')).toHaveTextContent('/dashboard REPLACE');
    } finally {
      document.cookie = 'mycelius_member=; path=/; max-age=0';
    }
  });
});
