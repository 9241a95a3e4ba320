import { assertEvent, assign, setup } from 'xstate';
import { addChip, canAddChip, hasChip, removeChip, type ChipListKey } from '../../../domain/chips';
import { messageFor } from '../../../domain/errorText';
import { messages } from '../../../domain/messages';
import { emptyProfile, type Profile } from '../../../domain/profile';
import { callbackNotProvided, notProvided } from '../../../shared/machines/notProvided';

export interface ProfileEditorContext {
  profile: Profile;
  /** Text of the last failed save; the edit stays here until a later save succeeds. */
  saveError: string | null;
  pictureError: string | null;
  /** Whether the account's name was offered already (onboarding offers it once, and only into a blank field). */
  usernameOffered: boolean;
}

export type ProfileEditorEvent =
  | { type: 'USERNAME_CHANGED'; value: string }
  | { type: 'HOBBIES_CHANGED'; value: string }
  | { type: 'PICTURE_SELECTED'; file: File }
  | { type: 'PICTURE_REMOVED' }
  | { type: 'CHIP_ADDED'; list: ChipListKey; value: string }
  | { type: 'CHIP_REMOVED'; list: ChipListKey; value: string }
  | { type: 'STORED_PROFILE_CHANGED'; profile: Profile }
  | { type: 'USERNAME_OFFERED'; value: string };

/** Profile editing (docs/product.md sections 2 and 4): every change is saved at once. */
export const profileMachine = setup({
  types: {} as {
    context: ProfileEditorContext;
    events: ProfileEditorEvent;
  },
  actors: {
    /** The chosen file as a picture the profile can keep (a data URL); AppErrors say why one cannot be. */
    readPicture: notProvided<string, { file: File }>('readPicture'),
    /** Saves the fields this editor owns (the connected-services flags belong to the Connect Services cards). */
    saveProfile: notProvided<unknown, Profile>('saveProfile'),
    // Sends STORED_PROFILE_CHANGED with the stored profile at start and on every save made elsewhere (Connect
    // Services cards, another tab), so they are not overwritten.
    watchProfile: callbackNotProvided<ProfileEditorEvent>('watchProfile'),
  },
  guards: {
    addsChip: ({ context, event }) => event.type === 'CHIP_ADDED' && canAddChip(context.profile[event.list], event.value),
    hasChip: ({ context, event }) => event.type === 'CHIP_REMOVED' && hasChip(context.profile[event.list], event.value),
    takesOfferedUsername: ({ context, event }) =>
      event.type === 'USERNAME_OFFERED' && !context.usernameOffered && event.value.trim() !== '' && context.profile.username.trim() === '',
  },
  actions: {
    logWatchFailure: (_, error: unknown) => console.error('Listening for profile changes failed', error),
    setUsername: assign({
      profile: ({ context, event }) => (event.type === 'USERNAME_CHANGED' ? { ...context.profile, username: event.value } : context.profile),
      saveError: null,
    }),
    setHobbies: assign({
      profile: ({ context, event }) => (event.type === 'HOBBIES_CHANGED' ? { ...context.profile, hobbies: event.value } : context.profile),
      saveError: null,
    }),
    addChip: assign({
      profile: ({ context, event }) =>
        event.type === 'CHIP_ADDED' ? { ...context.profile, [event.list]: addChip(context.profile[event.list], event.value) } : context.profile,
      saveError: null,
    }),
    removeChip: assign({
      profile: ({ context, event }) =>
        event.type === 'CHIP_REMOVED' ? { ...context.profile, [event.list]: removeChip(context.profile[event.list], event.value) } : context.profile,
      saveError: null,
    }),
    setPicture: assign(({ context }, picture: string) => ({
      profile: { ...context.profile, profilePicture: picture },
      saveError: null,
      pictureError: null,
    })),
    removePicture: assign({ profile: ({ context }) => ({ ...context.profile, profilePicture: '' }), saveError: null, pictureError: null }),
    clearPictureError: assign({ pictureError: null }),
    setPictureError: assign((_, error: unknown) => ({ pictureError: messageFor(error, messages.profile.pictureUnreadable) })),
    logSaveFailure: (_, error: unknown) => console.error('Saving the profile failed', error),
    setSaveError: assign((_, error: unknown) => ({ saveError: messageFor(error, messages.storage.full) })),
    // Saved like a typed name, so the offered name is the profile's, not only the field's.
    takeOfferedUsername: assign({
      profile: ({ context, event }) => (event.type === 'USERNAME_OFFERED' ? { ...context.profile, username: event.value.trim() } : context.profile),
      saveError: null,
    }),
    markUsernameOffered: assign({ usernameOffered: true }),
    takeStoredProfile: assign({
      // While a save has failed the edits exist only here: keep them and take only what others own.
      profile: ({ context, event }) => {
        if (event.type !== 'STORED_PROFILE_CHANGED') return context.profile;
        return context.saveError === null ? event.profile : { ...context.profile, connectedServices: event.profile.connectedServices };
      },
    }),
  },
}).createMachine({
  id: 'profileEditor',
  // The watcher sends the stored profile as soon as it starts.
  context: () => ({ profile: emptyProfile(), saveError: null, pictureError: null, usernameOffered: false }),
  invoke: { id: 'watchProfile', src: 'watchProfile', onError: { actions: { type: 'logWatchFailure', params: ({ event }: { event: { error: unknown } }) => event.error } } },
  on: {
    STORED_PROFILE_CHANGED: { actions: 'takeStoredProfile' },
    USERNAME_OFFERED: [
      { guard: 'takesOfferedUsername', target: '.save.saving', actions: ['takeOfferedUsername', 'markUsernameOffered'] },
      { actions: 'markUsernameOffered' },
    ],
  },
  type: 'parallel',
  states: {
    picture: {
      initial: 'idle',
      states: {
        idle: {
          on: { PICTURE_SELECTED: { target: 'readingPicture', actions: 'clearPictureError' } },
        },
        readingPicture: {
          invoke: {
            id: 'readPicture',
            src: 'readPicture',
            input: ({ event }) => {
              assertEvent(event, 'PICTURE_SELECTED');
              return { file: event.file };
            },
            // The read picture is taken, and saved like any other change.
            onDone: { target: ['idle', '#profileEditor.save.saving'], actions: { type: 'setPicture', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: { type: 'setPictureError', params: ({ event }: { event: { error: unknown } }) => event.error } },
          },
          on: {
            // A newer choice replaces the one still being read.
            PICTURE_SELECTED: { target: 'readingPicture', reenter: true },
          },
        },
      },
    },
    // Every change is saved at once; a change during a save starts a fresh one with the latest profile.
    save: {
      initial: 'saved',
      on: {
        USERNAME_CHANGED: { target: '.saving', reenter: true, actions: 'setUsername' },
        HOBBIES_CHANGED: { target: '.saving', reenter: true, actions: 'setHobbies' },
        CHIP_ADDED: { guard: 'addsChip', target: '.saving', reenter: true, actions: 'addChip' },
        CHIP_REMOVED: { guard: 'hasChip', target: '.saving', reenter: true, actions: 'removeChip' },
        PICTURE_REMOVED: { target: '.saving', reenter: true, actions: 'removePicture' },
      },
      states: {
        saved: {},
        saving: {
          invoke: {
            id: 'saveProfile',
            src: 'saveProfile',
            input: ({ context }) => context.profile,
            onDone: 'saved',
            onError: {
              target: 'saved',
              actions: [
                { type: 'logSaveFailure', params: ({ event }: { event: { error: unknown } }) => event.error },
                { type: 'setSaveError', params: ({ event }: { event: { error: unknown } }) => event.error },
              ],
            },
          },
        },
      },
    },
  },
});
