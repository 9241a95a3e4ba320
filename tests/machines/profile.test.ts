// @vitest-environment happy-dom
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../../src/domain/errors';
import { messages } from '../../src/domain/messages';
import { emptyProfile, type Profile } from '../../src/domain/profile';
import { profileMachine } from '../../src/machines/profile.machine';
import { readPicture } from '../../src/services/image';
import { loadProfile, saveProfile } from '../../src/storage/profile';
import { runModel } from '../support/modelTest';

type Snapshot = SnapshotFrom<typeof profileMachine>;

const PICTURE = 'data:image/webp;base64,UklGRg==';
const ELSEWHERE: Profile = {
  ...emptyProfile(),
  username: 'Set in another tab',
  connectedServices: { spotify: true, trakt: false, steam: false },
};
const SAVING_EVENTS = new Set(['USERNAME_CHANGED', 'HOBBIES_CHANGED', 'CHIP_ADDED', 'CHIP_REMOVED', 'PICTURE_REMOVED', 'xstate.done.actor.readPicture']);

// Events offered per state are chosen so that the model stays small (the context is compared in full)
// and every edit really changes something, so the saves of a path can be predicted from the path alone.
function events(snapshot: Snapshot): { type: string; [k: string]: unknown }[] {
  const { profile, saveError } = snapshot.context;
  const list: { type: string; [k: string]: unknown }[] = [
    { type: 'CHIP_ADDED', list: 'favoriteShows', value: '   ' },
    { type: 'xstate.done.actor.readPicture', output: PICTURE },
    { type: 'xstate.error.actor.readPicture', error: new AppError('PICTURE_NOT_IMAGE') },
    { type: 'xstate.error.actor.readPicture', error: new Error('decode failed') },
    { type: 'xstate.error.actor.watchProfile', error: new Error('listener failed') },
  ];
  if (profile.username === '') list.push({ type: 'USERNAME_CHANGED', value: 'Ada' });
  if (profile.hobbies === '') list.push({ type: 'HOBBIES_CHANGED', value: 'Hiking' });
  if (profile.musicGenres.length === 0) list.push({ type: 'CHIP_ADDED', list: 'musicGenres', value: '  Metal ' });
  // A duplicate in another letter case, and removal, once the chip exists.
  else list.push({ type: 'CHIP_ADDED', list: 'musicGenres', value: 'metal' }, { type: 'CHIP_REMOVED', list: 'musicGenres', value: 'Metal' });
  if (profile.profilePicture) list.push({ type: 'PICTURE_REMOVED' });
  else list.push({ type: 'PICTURE_SELECTED', file: new File(['png'], 'me.png', { type: 'image/png' }) });
  if (!profile.connectedServices.spotify) list.push({ type: 'STORED_PROFILE_CHANGED', profile: ELSEWHERE });
  if (saveError === null) list.push({ type: 'SAVE_FAILED', message: messages.storage.full });
  return list;
}

const realPersist = profileMachine.implementations.actions.persist as (args: unknown) => void;

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
  it('saves every change at once, keeps edits when a save fails and takes changes made elsewhere', async () => {
    const count = await runModel({
      machine: profileMachine,
      events: events as never,
      setup: () => localStorage.clear(),
      provide: (env) => ({
        actions: {
          persist: (args: { context: { profile: Profile } }) => {
            env.record('save', args.context.profile);
            realPersist(args);
          },
          logWatchFailure: () => env.record('watchFailed'),
        },
      }),
      check: ({ env, snapshot, path }) => {
        // The saves a path must make: one for each step that changed the edited profile.
        const expected: Profile[] = [];
        let previous = JSON.stringify(path.steps[0]!.state.context.profile);
        for (const step of path.steps.slice(1)) {
          const now = JSON.stringify(step.state.context.profile);
          if (SAVING_EVENTS.has(step.event.type) && now !== previous) expected.push(step.state.context.profile);
          previous = now;
        }
        const saves = env.effects.filter((e) => e.type === 'save').map((e) => e.payload);
        expect(saves, path.description).toEqual(expected);

        const stored = loadProfile();
        const last = expected.at(-1);
        const { connectedServices: _ignored, ...editedFields } = last ?? emptyProfile();
        expect({ ...stored, connectedServices: null }).toEqual({ ...editedFields, connectedServices: null });
        // The editor never writes its own copy of the connected-services flags.
        expect(stored.connectedServices).toEqual(emptyProfile().connectedServices);

        const lastEvent = path.steps.at(-1)!.event as { type: string; error?: unknown };
        const { context } = snapshot;
        if (lastEvent.type === 'SAVE_FAILED') expect(context.saveError).toBe(messages.storage.full);
        if (lastEvent.type === 'xstate.error.actor.readPicture') {
          expect(snapshot.value).toBe('idle');
          expect(context.pictureError).toBe(
            lastEvent.error instanceof AppError ? messages.profile.pictureNotImage : messages.profile.pictureUnreadable,
          );
        }
        if (lastEvent.type === 'xstate.done.actor.readPicture') expect(context.profile.profilePicture).toBe(PICTURE);
        if (lastEvent.type === 'STORED_PROFILE_CHANGED') {
          expect(context.profile.connectedServices.spotify).toBe(true);
          const before = path.steps.at(-2)!.state.context;
          expect(context.profile.username).toBe(before.saveError === null ? ELSEWHERE.username : before.profile.username);
        }
        if (lastEvent.type === 'xstate.error.actor.watchProfile') expect(env.effects.at(-1)).toEqual({ type: 'watchFailed', payload: undefined });
      },
    });
    expect(count).toBeGreaterThan(20);
  }, 120_000);
});

describe('profile editing machine against real storage', () => {
  it('starts from the stored profile and follows changes saved elsewhere without overwriting them', () => {
    saveProfile({ ...emptyProfile(), username: 'Stored', musicGenres: ['Jazz'] });
    const actor = createActor(profileMachine).start();
    expect(actor.getSnapshot().context.profile.username).toBe('Stored');

    // The Connect Services cards mark Spotify connected through the same storage module.
    saveProfile({ ...loadProfile(), connectedServices: { spotify: true, trakt: false, steam: true } });
    expect(actor.getSnapshot().context.profile.connectedServices).toEqual({ spotify: true, trakt: false, steam: true });

    actor.send({ type: 'CHIP_ADDED', list: 'favoriteGames', value: 'Elden Ring' });
    expect(loadProfile()).toEqual({
      ...emptyProfile(),
      username: 'Stored',
      musicGenres: ['Jazz'],
      favoriteGames: ['Elden Ring'],
      connectedServices: { spotify: true, trakt: false, steam: true },
    });
    actor.stop();
  });

  it('clears the similarity cache on every save', () => {
    localStorage.setItem('similarity_cache_abc', JSON.stringify({ timestamp: 1, scores: { a: 90 } }));
    const actor = createActor(profileMachine).start();
    actor.send({ type: 'HOBBIES_CHANGED', value: 'Climbing' });
    expect(localStorage.getItem('similarity_cache_abc')).toBeNull();
    expect(loadProfile().hobbies).toBe('Climbing');
    actor.stop();
  });

  it('keeps an edit that could not be saved because storage is full, shows why, and saves it with the next change', () => {
    const storage = new FullableStorage();
    vi.stubGlobal('localStorage', storage);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const actor = createActor(profileMachine).start();
    storage.full = true;
    actor.send({ type: 'USERNAME_CHANGED', value: 'Ada' });
    expect(actor.getSnapshot().context.profile.username).toBe('Ada');
    expect(actor.getSnapshot().context.saveError).toBe(messages.storage.full);
    expect(loadProfile().username).toBe('');

    storage.full = false;
    actor.send({ type: 'HOBBIES_CHANGED', value: 'Chess' });
    expect(actor.getSnapshot().context.saveError).toBeNull();
    expect(loadProfile()).toMatchObject({ username: 'Ada', hobbies: 'Chess' });
    actor.stop();
    vi.unstubAllGlobals();
  });

  it('reads a picture through the readPicture actor and saves it', async () => {
    const actor = createActor(
      profileMachine.provide({ actors: { readPicture: fromPromise(async () => PICTURE) } }),
    ).start();
    actor.send({ type: 'PICTURE_SELECTED', file: new File(['x'], 'me.png', { type: 'image/png' }) });
    expect(actor.getSnapshot().value).toBe('readingPicture');
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('idle'));
    expect(loadProfile().profilePicture).toBe(PICTURE);
    actor.stop();
  });

  it('rejects a file that is not an image with the clear message', async () => {
    await expect(readPicture(new File(['hello'], 'notes.txt', { type: 'text/plain' }))).rejects.toMatchObject({ code: 'PICTURE_NOT_IMAGE' });
    const actor = createActor(profileMachine).start();
    actor.send({ type: 'PICTURE_SELECTED', file: new File(['hello'], 'notes.txt', { type: 'text/plain' }) });
    await vi.waitFor(() => expect(actor.getSnapshot().context.pictureError).toBe(messages.profile.pictureNotImage));
    expect(loadProfile().profilePicture).toBe('');
    actor.stop();
  });
});
