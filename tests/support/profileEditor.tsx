import { render, screen, within } from '@testing-library/react';
import { InterestCards, ProfileInfoCard, SaveErrorAlert, useProfileEditor } from '../../src/features/profile/ui/ProfileFields';
import { WithProfileActors } from './profileActors';

// The profile editor's cards as the Profile screen and onboarding lay them out, and how a test reads them.

function Editor() {
  const editor = useProfileEditor();
  return (
    <>
      <SaveErrorAlert editor={editor} />
      <ProfileInfoCard editor={editor} />
      <InterestCards editor={editor} />
    </>
  );
}

/** The editor with the real profile actors (the device's storage, network faked at fetch). */
export function renderProfileEditor() {
  return render(<Editor />, { wrapper: WithProfileActors });
}

/** The editor's card headed `name`. */
export const section = (name: string) => screen.getByRole('region', { name });

/** The chips in a card's 'Your …' list, in order; none when the list is not shown. */
export function chipsIn(region: HTMLElement): string[] {
  const list = within(region).queryByRole('list', { name: /^Your / });
  return list ? within(list).getAllByRole('listitem').map((li) => li.querySelector('.chip-text')!.textContent) : [];
}
