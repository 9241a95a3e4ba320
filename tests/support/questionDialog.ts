import { screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

/**
 * The safe answer of an in-page question (an alertdialog): it has the focus as the question opens, and
 * taking it closes the question and gives the focus back to the control that asked.
 */
export async function expectSafeAnswerReturnsFocus(
  user: ReturnType<typeof userEvent.setup>,
  question: HTMLElement,
  answer: string,
  asker: HTMLElement,
): Promise<void> {
  const safe = within(question).getByRole('button', { name: answer });
  expect(safe).toHaveFocus();
  await user.click(safe);
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  expect(asker).toHaveFocus();
}
