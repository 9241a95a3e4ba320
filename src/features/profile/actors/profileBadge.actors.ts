import { fromCallback } from 'xstate';
import type { ProfileBadgeEvent } from '../machines/profileBadge.machine';
import { profileKey } from '../../../shared/storage/profile';

/** The header badge's IO: the stored profile picture, now and whenever it changes (this tab or another). */
export const profileBadgeActors = {
  watchPicture: fromCallback<ProfileBadgeEvent>(({ sendBack }) => {
    const send = () => sendBack({ type: 'PICTURE', picture: profileKey.read().profilePicture });
    send();
    return profileKey.subscribe(send);
  }),
};
