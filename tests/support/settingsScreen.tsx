import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import Settings from '../../src/features/settings/ui/Settings';
import { mockFetch } from '../services/fetchMock';
import { resetScreen } from './screenTeardown';
import { fakeMember, WithSession } from './session';

/** The Settings screen at /settings, for a signed-in member or a guest. */
export function renderSettings(member: boolean) {
  return render(
    <MemoryRouter initialEntries={['/settings']}>
      <WithSession server={{ member: member ? fakeMember : null }}>
        <Routes>
          <Route path="/settings" element={<Settings />} />
        </Routes>
      </WithSession>
    </MemoryRouter>,
  );
}

/**
 * Each Settings test starts on a fresh device, with the console.error a section's refused call logs kept
 * out of the output (the tests assert what the screen says instead); the screen is undone afterwards.
 */
export function startEachSettingsTestOnAFreshDevice(): void {
  beforeEach(() => {
    localStorage.clear();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(resetScreen);
}

/** A guest's Settings, once ready (Theme can be switched), show no `heading` section and ask the server nothing. */
export async function expectNoSectionForAGuest(heading: string): Promise<void> {
  const { calls } = mockFetch({});
  renderSettings(false);
  await waitFor(() => expect(screen.getByRole('switch', { name: 'Theme' })).toBeEnabled());
  expect(screen.queryByRole('heading', { name: heading })).toBeNull();
  expect(calls).toEqual([]);
}
