// @vitest-environment happy-dom
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { chipsIn, renderProfileEditor, section } from '../support/profileEditor';
import { loadProfile, saveProfile } from '../../src/shared/storage/profile';
import { emptyProfile } from '../../src/domain/profile';
import { resetScreen } from '../support/screenTeardown';

// docs/product.md §3: the 20 suggested music genres, in order.
const GENRES = ['Pop', 'Rock', 'Hip Hop', 'R&B', 'Electronic', 'Dance', 'Indie', 'Alternative', 'Jazz', 'Classical', 'Country', 'Metal', 'Punk', 'Folk', 'Blues', 'Soul', 'Funk', 'Reggae', 'Latin', 'K-Pop'];

function suggestionsIn(region: HTMLElement): HTMLElement {
  return within(region).getByRole('list', { name: 'Suggestions' });
}

/** Opens the editor; answers the user, the card headed `name` and its box labelled `box`. */
function openCard(name: string, box: string) {
  const user = userEvent.setup();
  renderProfileEditor();
  const card = section(name);
  return { user, card, input: within(card).getByRole('textbox', { name: box }) };
}

beforeEach(() => localStorage.clear());
afterEach(resetScreen);

describe('chip lists on the profile editor', () => {
  it('adds by the Add button and by Enter, trims, clears the input and saves at once', async () => {
    const { user, card: genres, input } = openCard('Music Genres', 'Add a music genre');

    await user.type(input, '  Synthwave  ');
    await user.click(within(genres).getByRole('button', { name: 'Add to Music Genres' }));
    expect(chipsIn(genres)).toEqual(['Synthwave']);
    expect(input).toHaveValue('');

    await user.type(input, 'Shoegaze{Enter}');
    expect(chipsIn(genres)).toEqual(['Synthwave', 'Shoegaze']);
    expect(input).toHaveValue('');
    expect(loadProfile().musicGenres).toEqual(['Synthwave', 'Shoegaze']);
  });

  it('ignores blank text and duplicates in any letter case', async () => {
    const { user, card: games, input } = openCard('Favorite Games', 'Add a favorite game');
    await user.type(input, '   {Enter}');
    expect(chipsIn(games)).toEqual([]);
    await user.type(input, 'Elden Ring{Enter}');
    await user.type(input, '  elden ring {Enter}');
    expect(chipsIn(games)).toEqual(['Elden Ring']);
    expect(input).toHaveValue('');
    expect(loadProfile().favoriteGames).toEqual(['Elden Ring']);
  });

  it("stops at the server's bounds: 50 items a list, 100 characters an item, 2000 characters of hobbies, saying so", async () => {
    const fortyNine = Array.from({ length: 49 }, (_, i) => `Genre ${i}`);
    saveProfile({ ...emptyProfile(), musicGenres: fortyNine });
    const { user, card: genres, input } = openCard('Music Genres', 'Add a music genre');

    // The box takes no more than 100 characters.
    await user.type(input, 'x'.repeat(105));
    expect(input).toHaveValue('x'.repeat(100));
    await user.clear(input);

    await user.type(input, 'Synthwave{Enter}');
    expect(chipsIn(genres)).toHaveLength(50);
    // Full: it says so, offers no suggestions, and keeps what was typed.
    expect(within(genres).getByText('You can add at most 50 items to a list. Remove one to add another.')).toBeInTheDocument();
    expect(within(genres).queryByRole('list', { name: 'Suggestions' })).toBeNull();
    await user.type(input, 'Shoegaze{Enter}');
    expect(within(genres).getByRole('alert')).toHaveTextContent('You can add at most 50 items to a list. Remove one to add another.');
    expect(input).toHaveValue('Shoegaze');
    expect(loadProfile().musicGenres).toHaveLength(50);

    await user.click(within(genres).getByRole('button', { name: 'Remove Genre 0' }));
    expect(within(genres).queryByText(/at most 50 items/)).toBeNull();
    await user.click(within(genres).getByRole('button', { name: 'Add to Music Genres' }));
    expect(chipsIn(genres).at(-1)).toBe('Shoegaze');

    expect(screen.getByRole('textbox', { name: 'Favorite Hobbies' })).toHaveAttribute('maxLength', '2000');
  });

  it('removes a chip with its × button', async () => {
    saveProfile({ ...emptyProfile(), favoriteShows: ['Friends', 'Naruto'] });
    const user = userEvent.setup();
    renderProfileEditor();
    const shows = section('Favorite Shows & Movies');
    expect(chipsIn(shows)).toEqual(['Friends', 'Naruto']);
    await user.click(within(shows).getByRole('button', { name: 'Remove Friends' }));
    expect(chipsIn(shows)).toEqual(['Naruto']);
    expect(loadProfile().favoriteShows).toEqual(['Naruto']);
    // Focus stays in the list for keyboard users.
    expect(within(shows).getByRole('button', { name: 'Remove Naruto' })).toHaveFocus();
  });

  it('shows at most 9 suggestions in 3 columns, hides chosen ones and adds on click', async () => {
    const user = userEvent.setup();
    renderProfileEditor();
    const genres = section('Music Genres');
    let suggestions = suggestionsIn(genres);
    expect(suggestions).toHaveClass('grid-3');
    expect(within(suggestions).getAllByRole('button').map((b) => b.textContent)).toEqual(['Pop', 'Rock', 'Hip Hop', 'R&B', 'Electronic', 'Dance', 'Indie', 'Alternative', 'Jazz'].map((g) => `+${g}`));

    await user.click(within(suggestions).getByRole('button', { name: 'Add Rock' }));
    expect(chipsIn(genres)).toEqual(['Rock']);
    suggestions = suggestionsIn(genres);
    const names = within(suggestions).getAllByRole('button').map((b) => b.getAttribute('aria-label'));
    expect(names).toHaveLength(9);
    expect(names).not.toContain('Add Rock');
    expect(names.at(-1)).toBe('Add Classical');

    // A typed chip in another letter case hides its suggestion too.
    await user.type(within(genres).getByRole('textbox'), 'hip hop{Enter}');
    expect(within(suggestionsIn(genres)).queryByRole('button', { name: 'Add Hip Hop' })).toBeNull();
    expect(loadProfile().musicGenres).toEqual(['Rock', 'hip hop']);
  });

  it('hides the suggestions once every suggested item is chosen', async () => {
    saveProfile({ ...emptyProfile(), musicGenres: GENRES });
    renderProfileEditor();
    expect(within(section('Music Genres')).queryByRole('list', { name: 'Suggestions' })).toBeNull();
  });
});

describe('profile info fields', () => {
  it('saves username and hobbies as typed; hobbies has 3 rows; the picture input takes images only', async () => {
    const user = userEvent.setup();
    renderProfileEditor();
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'Ada');
    const hobbies = screen.getByRole('textbox', { name: 'Favorite Hobbies' });
    expect(hobbies).toHaveAttribute('rows', '3');
    await user.type(hobbies, 'Climbing');
    expect(loadProfile()).toMatchObject({ username: 'Ada', hobbies: 'Climbing' });
    expect(screen.getByLabelText('Upload profile picture')).toHaveAttribute('accept', 'image/*');
  });

  it('shows the clear message for a file that is not an image', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderProfileEditor();
    await user.upload(screen.getByLabelText('Upload profile picture'), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose an image file (PNG, JPEG, GIF or WebP).');
    expect(loadProfile().profilePicture).toBe('');
  });

  it('follows a profile saved elsewhere (another tab, the Connect Services cards)', async () => {
    renderProfileEditor();
    act(() => saveProfile({ ...emptyProfile(), username: 'From another tab' }));
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveValue('From another tab');
  });
});
