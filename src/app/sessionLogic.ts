import { profileSyncActors, sessionImplementations } from '../features/session/actors/session.actors';
import { profileSyncMachine } from '../features/session/machines/profileSync.machine';
import { sessionMachine } from '../features/session/machines/session.machine';
import { createProfileSync } from '../features/session/services/profileSync';
import type { ViewerSource } from '../shared/session/viewer';

/**
 * The session actor's logic with its real IO. One device sync per session actor: what it last agreed with the
 * server is shared by the profile sync it starts for a member and the edits it keeps pending offline. It
 * announces who the app serves on `viewer`, the app's one viewer source.
 */
export function createSessionLogic(viewer: ViewerSource) {
  const sync = createProfileSync();
  const session = sessionImplementations(sync, viewer);
  return sessionMachine.provide({
    actions: session.actions,
    actors: { ...session.actors, profileSync: profileSyncMachine.provide({ actors: profileSyncActors(sync) }) },
  });
}

