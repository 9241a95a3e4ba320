// @vitest-environment happy-dom
import { StrictMode } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Splash } from '../../src/ui/screens/Splash';

function Where() {
  const location = useLocation();
  const type = useNavigationType();
  return <output data-testid="where">{`${location.pathname} ${type}`}</output>;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Splash (/intro)', () => {
  it('shows the logo, name and tagline, then replaces history with /auth after 3500 ms', async () => {
    render(
      <StrictMode>
        <MemoryRouter initialEntries={['/intro']}>
          <Routes>
            <Route path="/intro" element={<Splash />} />
            <Route path="/auth" element={<h1>Create Account</h1>} />
          </Routes>
          <Where />
        </MemoryRouter>
      </StrictMode>,
    );
    expect(screen.getByRole('img', { name: 'Mycelius logo' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Mycelius' })).toBeInTheDocument();
    expect(screen.getByText('Connect. Explore. Grow.')).toBeInTheDocument();

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
});
