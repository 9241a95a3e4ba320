import { fromPromise } from 'xstate';
import { reportOwnProfileChanged } from '../../session';
import { friendNameFor } from '../services/friendNames';
import { announceBeyondPage } from '../services/notifications';
import { createNoticeTone } from '../services/sound';

/**
 * The notices machine's IO, made once per notices actor: it owns its tone player (and so its one audio
 * context), looks friends' names up, and tells the profile sync when the member's profile changed elsewhere.
 */
export function createNoticesImplementations() {
  const tone = createNoticeTone();
  return {
    actors: {
      friendName: fromPromise<string | null, { friendId: string }>(({ input }) => friendNameFor(input.friendId)),
    },
    actions: {
      announceBeyondPage: (_: unknown, params: { text: string }) => {
        announceBeyondPage(params.text, tone);
      },
      refreshOwnProfile: () => reportOwnProfileChanged(),
    },
  };
}

export type NoticesImplementations = ReturnType<typeof createNoticesImplementations>;
