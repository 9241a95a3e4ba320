import { assign, setup } from 'xstate';
import { callbackNotProvided } from '../../../shared/machines/notProvided';

// The header's round profile button: the stored profile picture, followed as it changes in this tab or
// another one, so the header never reads storage itself.

export interface ProfileBadgeContext {
  /** A data URL, or '' for the placeholder icon. */
  picture: string;
}

export type ProfileBadgeEvent = { type: 'PICTURE'; picture: string };

export const profileBadgeMachine = setup({
  types: {} as { context: ProfileBadgeContext; events: ProfileBadgeEvent },
  actors: {
    /** Sends PICTURE with the stored picture at once and whenever it changes. */
    watchPicture: callbackNotProvided<ProfileBadgeEvent>('watchPicture'),
  },
}).createMachine({
  id: 'profileBadge',
  context: { picture: '' },
  invoke: {
    id: 'watchPicture',
    src: 'watchPicture',
    // Reads fall back to an empty profile on bad data; should watching fail anyway, show the placeholder.
    onError: { actions: assign({ picture: '' }) },
  },
  on: { PICTURE: { actions: assign({ picture: ({ event }) => event.picture }) } },
});
