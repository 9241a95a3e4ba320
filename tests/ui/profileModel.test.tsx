// @vitest-environment happy-dom
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SnapshotFrom } from 'xstate';
import { afterEach, describe, expect, it } from 'vitest';
import { profileMachine } from '../../src/features/profile/machines/profile.machine';
import { loadProfile, saveProfile } from '../../src/shared/storage/profile';
import { chipsIn, renderProfileEditor, section } from '../support/profileEditor';
import { profileWith } from '../support/profiles';
import { testScreenModel, type ModelEvent, type ScreenView } from '../support/modelTest';

// The profile editor driven along the profile machine's model paths with real user events: typing the
// username and hobbies, adding chips (trimmed, blank, a duplicate in another case), removing one, and a
// profile saved in another tab. Each reached state checks the fields, chips, suggestions and storage.
// (Pictures and full storage are covered in profile.test.tsx; they need a real decoder and a full disk.)

const NOTHING_CONNECTED = { spotify: false, trakt: false, steam: false };
const ELSEWHERE = profileWith({ username: 'Set in another tab', connectedServices: { spotify: true, trakt: false, steam: false } });

type Snapshot = SnapshotFrom<typeof profileMachine>;

function events(snapshot: Snapshot): ModelEvent[] {
  const { profile } = snapshot.context;
  const list: ModelEvent[] = [{ type: 'CHIP_ADDED', list: 'favoriteShows', value: '   ' }];
  if (profile.username === '') list.push({ type: 'USERNAME_CHANGED', value: 'Ada' });
  if (profile.hobbies === '') list.push({ type: 'HOBBIES_CHANGED', value: 'Hiking' });
  if (profile.musicGenres.length === 0) list.push({ type: 'CHIP_ADDED', list: 'musicGenres', value: '  Metal ' });
  else list.push({ type: 'CHIP_ADDED', list: 'musicGenres', value: 'metal' }, { type: 'CHIP_REMOVED', list: 'musicGenres', value: 'Metal' });
  if (!profile.connectedServices.spotify) list.push({ type: 'STORED_PROFILE_CHANGED', profile: ELSEWHERE });
  return list;
}

const SECTIONS = { musicGenres: ['Music Genres', 'Add a music genre'], favoriteShows: ['Favorite Shows & Movies', 'Add a favorite show or movie'] } as const;

type User = ReturnType<typeof userEvent.setup>;

afterEach(() => localStorage.clear());

describe('profile editor along the profile model', () => {
  it('shows and stores every edit, ignores blank and duplicate chips and follows a profile saved elsewhere', async () => {
    const driven = await testScreenModel({
      model: { machine: profileMachine, limit: 100, events: events },
      // Every transition, so the ignored chips (which change nothing) are typed too.
      paths: 'transitions',
      mount: () => {
        localStorage.clear();
        const user = userEvent.setup({ delay: null });
        renderProfileEditor();
        return user;
      },
      unmount: () => cleanup(),
      act: {
        USERNAME_CHANGED: async (user: User, e) => user.type(screen.getByRole('textbox', { name: 'Username' }), e.value as string),
        HOBBIES_CHANGED: async (user: User, e) => user.type(screen.getByRole('textbox', { name: 'Favorite Hobbies' }), e.value as string),
        CHIP_ADDED: async (user: User, e) => {
          const [title, inputLabel] = SECTIONS[e.list as keyof typeof SECTIONS];
          await user.type(within(section(title)).getByRole('textbox', { name: inputLabel }), e.value as string);
          await user.click(within(section(title)).getByRole('button', { name: `Add to ${title}` }));
        },
        CHIP_REMOVED: async (user: User, e) => user.click(screen.getByRole('button', { name: `Remove ${e.value as string}` })),
        // Another tab saves a profile: the editor hears it through storage.
        STORED_PROFILE_CHANGED: async () => act(() => saveProfile(ELSEWHERE)),
      },
      states: {
        // The real save finishes while the user types, so the screen and storage are checked with the fields.
        'save.saved': () => undefined,
        'save.saving': () => undefined,
        'picture.idle': ({ target, events }: ScreenView<typeof profileMachine, User>) => {
          const { profile } = target.context;
          expect(screen.getByRole('textbox', { name: 'Username' })).toHaveValue(profile.username);
          expect(screen.getByRole('textbox', { name: 'Favorite Hobbies' })).toHaveValue(profile.hobbies);
          const genres = section('Music Genres');
          expect(chipsIn(genres)).toEqual(profile.musicGenres);
          expect(chipsIn(section('Favorite Shows & Movies'))).toEqual([]);
          // The chip inputs are cleared after each add.
          expect(within(genres).getByRole('textbox', { name: 'Add a music genre' })).toHaveValue('');
          // docs/product.md §2/§5: up to 9 suggestions, none already chosen.
          const suggestions = within(within(genres).getByRole('list', { name: 'Suggestions' })).getAllByRole('listitem').map((li) => li.textContent);
          expect(suggestions).toHaveLength(9);
          for (const chosen of profile.musicGenres) expect(suggestions).not.toContain(chosen);
          // Every change is stored at once; the flags come from whoever owns them (here the other tab).
          const elsewhere = events.some((e) => e.type === 'STORED_PROFILE_CHANGED');
          expect(loadProfile()).toEqual({ ...profile, connectedServices: elsewhere ? ELSEWHERE.connectedServices : NOTHING_CONNECTED });
          expect(screen.queryByRole('alert')).toBeNull();
        },
      },
    });
    expect(driven).toBeGreaterThan(10);
  }, 120_000);
});
