import { fromCallback, fromPromise } from 'xstate';
import type { Profile } from '../../../domain/profile';
import type { ProfileEditorEvent } from '../machines/profile.machine';
import { readPicture } from '../services/image';
import { loadProfile, profileKey, saveProfile } from '../../../shared/storage/profile';

/**
 * Writes the fields this editor owns. The connected-services flags belong to the Connect Services
 * cards, so they are taken from storage as it is now rather than from this editor's copy.
 */
function saveEditedProfile(profile: Profile): void {
  saveProfile({ ...profile, connectedServices: loadProfile().connectedServices });
}

/** The profile editor's IO: the profile on the device, and the picture a person chooses. */
export const profileEditorActors = {
  readPicture: fromPromise<string, { file: File }>(({ input }) => readPicture(input.file)),
  saveProfile: fromPromise<unknown, Profile>(async ({ input }) => saveEditedProfile(input)),
  watchProfile: fromCallback<ProfileEditorEvent>(({ sendBack }) => {
    sendBack({ type: 'STORED_PROFILE_CHANGED', profile: loadProfile() });
    return profileKey.subscribe(() => sendBack({ type: 'STORED_PROFILE_CHANGED', profile: loadProfile() }));
  }),
};
