import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import Settings from '../../src/features/settings/ui/Settings';
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
