// @vitest-environment happy-dom
import { createActor, fromPromise, type EventObject, type SnapshotFrom } from 'xstate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../src/domain/errors';
import type { Profile } from '../../src/domain/profile';
import { profileEditorActors } from '../../src/features/profile/actors/profileEditor.actors';
import { profileMachine } from '../../src/features/profile/machines/profile.machine';
import { readPicture } from '../../src/features/profile/services/image';
import { loadProfile, saveProfile } from '../../src/shared/storage/profile';
import { done, failed, isFailed, itCoversTheModel, type ModelEvent, type StateView } from '../support/modelTest';
import { profileWith } from '../support/profiles';

type Snapshot = SnapshotFrom<typeof profileMachine>;

const STORAGE_FULL =
  'Your browser storage is full, so this change could not be saved. Free some space (for example Settings → Clear App Data) and try again.';
const PICTURE_NOT_IMAGE = 'Please choose an image file (PNG, JPEG, GIF or WebP).';
const PICTURE_UNREADABLE = 'That image could not be read. Please try another one.';
const EMPTY: Profile = profileWith();

const PICTURE = 'data:image/webp;base64,UklGRg==';
const ELSEWHERE: Profile = { ...EMPTY, username: 'Set in another tab', connectedServices: { spotify: true, trakt: false, steam: false } };

// Events offered per state are chosen so that the model stays small (the context is compared in full).
function events(snapshot: Snapshot): { type: string; [k: string]: unknown }[] {
  const { profile, saveError } = snapshot.context;
  const list: { type: string; [k: string]: unknown }[] = [
    { type: 'CHIP_ADDED', list: 'favoriteShows', value: '   ' },
    { type: 'CHIP_REMOVED', list: 'musicGenres', value: 'Jazz' },
    done('readPicture', PICTURE),
    failed('readPicture', new AppError('PICTURE_NOT_IMAGE')),
    failed('readPicture', new Error('decode failed')),
    failed('watchProfile', new Error('listener failed')),
  ];
  if (profile.username !== 'Ada') list.push({ type: 'USERNAME_CHANGED', value: 'Ada' });
  if (profile.hobbies === '') list.push({ type: 'HOBBIES_CHANGED', value: 'Hiking' });
  if (profile.musicGenres.length === 0) list.push({ type: 'CHIP_ADDED', list: 'musicGenres', value: '  Metal ' });
  // A duplicate in another letter case, and removal, once the chip exists.
  else list.push({ type: 'CHIP_ADDED', list: 'musicGenres', value: 'metal' }, { type: 'CHIP_REMOVED', list: 'musicGenres', value: 'Metal' });
  if (profile.profilePicture) list.push({ type: 'PICTURE_REMOVED' });
  else list.push({ type: 'PICTURE_SELECTED', file: new File(['png'], 'me.png', { type: 'image/png' }) });
  if (!profile.connectedServices.spotify) list.push({ type: 'STORED_PROFILE_CHANGED', profile: ELSEWHERE });
  if (!snapshot.context.usernameOffered) list.push({ type: 'USERNAME_OFFERED', value: ' Mira ' });
  list.push(done('saveProfile'));
  if (saveError === null) list.push(failed('saveProfile', new AppError('STORAGE_FULL')));
  return list;
}

interface Expected {
  profile: Profile;
  saveError: string | null;
  pictureError: string | null;
  saves: Profile[];
}

/**
 * docs/product.md §2/§4/replayed by hand over the path's events: chips are trimmed, blank and duplicate (any case)
 * chips are ignored; every change is saved at once and clears a save error; a profile saved elsewhere is
 * taken whole, unless a save has failed, when only its connection flags are taken.
 */
function expectedAfter(steps: { event: EventObject }[]): Expected {
  const x: Expected = { profile: EMPTY, saveError: null, pictureError: null, saves: [] };
  // Onboarding offers the account's name ' Mira ' once: a blank username takes it, trimmed, and saves it.
  let offered = false;
  const change = (profile: Profile) => {
    x.profile = profile;
    x.saveError = null;
    x.saves.push(profile);
  };
  for (const { event } of steps) {
    const e = event as ModelEvent;
    const genres = x.profile.musicGenres;
    switch (e.type) {
      case 'USERNAME_CHANGED':
        change({ ...x.profile, username: String(e.value) });
        break;
      case 'HOBBIES_CHANGED':
        change({ ...x.profile, hobbies: String(e.value) });
        break;
      case 'CHIP_ADDED': {
        const list = x.profile[e.list as 'musicGenres' | 'favoriteShows'];
        const item = String(e.value).trim();
        if (item !== '' && !list.some((chip) => chip.toLowerCase() === item.toLowerCase())) change({ ...x.profile, [e.list as string]: [...list, item] });
        break;
      }
      case 'CHIP_REMOVED':
        if (genres.includes(String(e.value))) change({ ...x.profile, musicGenres: genres.filter((g) => g !== e.value) });
        break;
      case 'PICTURE_SELECTED':
        x.pictureError = null;
        break;
      case done('readPicture').type:
        x.pictureError = null;
        change({ ...x.profile, profilePicture: PICTURE });
        break;
      case failed('readPicture').type:
        x.pictureError = e.error instanceof AppError ? PICTURE_NOT_IMAGE : PICTURE_UNREADABLE;
        break;
      case 'PICTURE_REMOVED':
        x.pictureError = null;
        change({ ...x.profile, profilePicture: '' });
        break;
      case 'STORED_PROFILE_CHANGED':
        x.profile = x.saveError === null ? ELSEWHERE : { ...x.profile, connectedServices: ELSEWHERE.connectedServices };
        break;
      case 'USERNAME_OFFERED':
        if (!offered && x.profile.username === '') change({ ...x.profile, username: 'Mira' });
        offered = true;
        break;
      case failed('saveProfile').type:
        x.saveError = STORAGE_FULL;
        break;
    }
  }
  return x;
}

/** What the editor shows and what it asked the saveProfile service to store after the path, in any state. */
function expectEdited({ env, context, path, last }: StateView<typeof profileMachine>) {
  const x = expectedAfter(path.steps);
  const offered = path.steps.some((s) => s.event.type === 'USERNAME_OFFERED');
  expect(context).toEqual({ profile: x.profile, saveError: x.saveError, pictureError: x.pictureError, usernameOffered: offered });
  expect(env.pending.get('saveProfile')?.map((d) => d.input) ?? []).toEqual(x.saves);
  if (isFailed('watchProfile')(last)) expect(env.timeline.at(-1)).toEqual({ type: 'watchFailed', payload: undefined, at: 0 });
}

/** A localStorage stand-in that can be made to refuse writes the way a full browser storage does. */
class FullableStorage {
  full = false;
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  key(i: number) {
    return [...this.items.keys()][i] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    if (this.full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

beforeEach(() => localStorage.clear());
afterEach(() => localStorage.clear());

describe('profile editing machine (model-based)', () => {
  itCoversTheModel('saves every change at once, keeps edits when a save fails and takes changes made elsewhere', {
    machine: profileMachine,
    limit: 1000,
    events,
    setup: () => localStorage.clear(),
    provide: (env) => ({
      actions: {
        logWatchFailure: () => env.record('watchFailed'),
        logSaveFailure: () => undefined,
      },
    }),
    states: {
      'picture.idle': expectEdited,
      'save.saved': expectEdited,
      // A save is in flight (expectEdited checks what every save was given).
      'save.saving': (view) => {
        expectEdited(view);
        expect(view.env.pending.get('saveProfile')?.length).toBeGreaterThan(0);
      },
      // The newest chosen file is being read.
      'picture.readingPicture': (view) => {
        expectEdited(view);
        const chosen = view.path.steps.filter((s) => s.event.type === 'PICTURE_SELECTED').at(-1)!.event as ModelEvent;
        expect(view.env.pending.get('readPicture')?.at(-1)?.input).toEqual({ file: chosen.file });
      },
    },
  }, { states: 7, guards: 3 }, 120_000);
});

/** The editor with the app's real IO: the profile in (test) local storage, pictures read by the real decoder. */
const realEditor = profileMachine.provide({ actors: profileEditorActors });

describe('profile editing machine against real storage', () => {
  it('starts from the stored profile and follows changes saved elsewhere without overwriting them', () => {
    saveProfile({ ...EMPTY, username: 'Stored', musicGenres: ['Jazz'] });
    const actor = createActor(realEditor).start();
    expect(actor.getSnapshot().context.profile.username).toBe('Stored');

    // The Connect Services cards mark Spotify connected through the same storage module.
    saveProfile({ ...loadProfile(), connectedServices: { spotify: true, trakt: false, steam: true } });
    expect(actor.getSnapshot().context.profile.connectedServices).toEqual({ spotify: true, trakt: false, steam: true });

    actor.send({ type: 'CHIP_ADDED', list: 'favoriteGames', value: 'Elden Ring' });
    expect(loadProfile()).toEqual({
      ...EMPTY,
      username: 'Stored',
      musicGenres: ['Jazz'],
      favoriteGames: ['Elden Ring'],
      connectedServices: { spotify: true, trakt: false, steam: true },
    });
    actor.stop();
  });

  it('a blank offered username is not taken (nothing is saved), and no later offer is taken either', () => {
    localStorage.setItem('similarity_cache_abc', JSON.stringify({ timestamp: 1, scores: { a: 90 } }));
    const actor = createActor(realEditor).start();
    actor.send({ type: 'USERNAME_OFFERED', value: '   ' });
    expect(actor.getSnapshot().context.profile.username).toBe('');
    expect(loadProfile().username).toBe('');
    expect(localStorage.getItem('similarity_cache_abc')).not.toBeNull();
    actor.send({ type: 'USERNAME_OFFERED', value: 'Mira' });
    expect(actor.getSnapshot().context.profile.username).toBe('');
    actor.stop();
  });

  it('the offered username is taken once, trimmed and saved; cleared afterwards it is not offered again', () => {
    const actor = createActor(realEditor).start();
    actor.send({ type: 'USERNAME_OFFERED', value: ' Mira ' });
    expect(loadProfile().username).toBe('Mira');
    actor.send({ type: 'USERNAME_CHANGED', value: '' });
    actor.send({ type: 'USERNAME_OFFERED', value: 'Zed' });
    expect(actor.getSnapshot().context.profile.username).toBe('');
    expect(loadProfile().username).toBe('');
    actor.stop();
  });

  it('an offered username never replaces one the person typed', () => {
    const actor = createActor(realEditor).start();
    actor.send({ type: 'USERNAME_CHANGED', value: 'Ada' });
    actor.send({ type: 'USERNAME_OFFERED', value: 'Mira' });
    expect(loadProfile().username).toBe('Ada');
    actor.stop();
  });

  it('clears the similarity cache on every save', () => {
    localStorage.setItem('similarity_cache_abc', JSON.stringify({ timestamp: 1, scores: { a: 90 } }));
    const actor = createActor(realEditor).start();
    actor.send({ type: 'HOBBIES_CHANGED', value: 'Climbing' });
    expect(localStorage.getItem('similarity_cache_abc')).toBeNull();
    expect(loadProfile().hobbies).toBe('Climbing');
    actor.stop();
  });

  it('keeps an edit that could not be saved because storage is full, shows why, and saves it with the next change', async () => {
    const storage = new FullableStorage();
    vi.stubGlobal('localStorage', storage);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const actor = createActor(realEditor).start();
    storage.full = true;
    actor.send({ type: 'USERNAME_CHANGED', value: 'Ada' });
    expect(actor.getSnapshot().context.profile.username).toBe('Ada');
    await vi.waitFor(() => expect(actor.getSnapshot().context.saveError).toBe(STORAGE_FULL));
    expect(loadProfile().username).toBe('');

    storage.full = false;
    actor.send({ type: 'HOBBIES_CHANGED', value: 'Chess' });
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ save: 'saved' })).toBe(true));
    expect(actor.getSnapshot().context.saveError).toBeNull();
    expect(loadProfile()).toMatchObject({ username: 'Ada', hobbies: 'Chess' });
    actor.stop();
    vi.unstubAllGlobals();
  });

  it('reads a picture through the readPicture actor and saves it', async () => {
    const actor = createActor(
      profileMachine.provide({ actors: { ...profileEditorActors, readPicture: fromPromise(async () => PICTURE) } }),
    ).start();
    actor.send({ type: 'PICTURE_SELECTED', file: new File(['x'], 'me.png', { type: 'image/png' }) });
    expect(actor.getSnapshot().matches({ picture: 'readingPicture' })).toBe(true);
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ picture: 'idle', save: 'saved' })).toBe(true));
    expect(loadProfile().profilePicture).toBe(PICTURE);
    actor.stop();
  });

  it('rejects a file that is not an image with the clear message', async () => {
    await expect(readPicture(new File(['hello'], 'notes.txt', { type: 'text/plain' }))).rejects.toMatchObject({ code: 'PICTURE_NOT_IMAGE' });
    const actor = createActor(realEditor).start();
    actor.send({ type: 'PICTURE_SELECTED', file: new File(['hello'], 'notes.txt', { type: 'text/plain' }) });
    await vi.waitFor(() => expect(actor.getSnapshot().context.pictureError).toBe(PICTURE_NOT_IMAGE));
    expect(loadProfile().profilePicture).toBe('');
    actor.stop();
  });
});
