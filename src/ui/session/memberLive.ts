import { fromCallback } from 'xstate';
import type { LiveCommand } from '../../machines/liveEvents';

// Until the app's live actor is here (live.machine.ts, branch live-client), the member screens get a silent
// link and nobody online; replaced by liveLinkFor(useLive()) and the live actor's onlineFriends.

const silentLink = fromCallback<LiveCommand>(() => undefined);
const nobody: ReadonlySet<string> = new Set();

/** The 'liveLink' actor a member chat machine invokes. */
export function useLiveLinkLogic() {
  return silentLink;
}

/** Member friends online now (as their Online Status allows). */
export function useOnlineFriends(): ReadonlySet<string> {
  return nobody;
}
