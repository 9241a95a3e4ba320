import { fromCallback, fromPromise } from 'xstate';
import type { LoginRequest, Member, SignupRequest, UnreachableMember } from '../../../domain/memberContract';
import type { ProfileSyncEvent, ProfileSyncInput } from '../machines/profileSync.machine';
import type { SessionEvent } from '../machines/session.machine';
import { currentMember, deleteAccount, logIn, logOut, signUp } from '../services/auth';
import { onOwnProfileChanged } from '../services/ownProfileChanges';
import type { ProfileSync } from '../services/profileSync';
import { forgetMemberData } from '../../../shared/storage/appData';
import type { ViewerSource } from '../../../shared/session/viewer';

/** Sends `event` whenever the browser comes back online. */
function whenOnline<TEvent extends { type: string }>(event: TEvent) {
  return fromCallback<TEvent>(({ sendBack }) => {
    const online = () => sendBack(event);
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  });
}

/** The member's profile sync over this device's sync state. */
export function profileSyncActors(sync: ProfileSync) {
  return {
    reconcileProfile: fromPromise<{ needsPush: boolean }, ProfileSyncInput>(({ input }) => sync.reconcileProfile(input.memberId, () => Date.now())),
    pushProfile: fromPromise<{ stillPending: boolean }, ProfileSyncInput>(({ input }) => sync.pushProfile(input.memberId, () => Date.now())),
    watchLocalEdits: fromCallback<ProfileSyncEvent, ProfileSyncInput>(({ input, sendBack }) =>
      sync.watchLocalEdits(input.memberId, () => Date.now(), () => sendBack({ type: 'LOCAL_EDIT' })),
    ),
    watchSavedElsewhere: fromCallback<ProfileSyncEvent>(({ sendBack }) => onOwnProfileChanged(() => sendBack({ type: 'SAVED_ELSEWHERE' }))),
    watchConnectivity: whenOnline<ProfileSyncEvent>({ type: 'ONLINE' }),
  };
}

/**
 * The session's real IO, over this device's profile sync (see src/app/sessionLogic.ts, which gives the same
 * sync to the profile sync the session starts for a member) and the app's viewer, which it announces.
 */
export function sessionImplementations(sync: ProfileSync, viewer: ViewerSource) {
  return {
    actors: {
      checkSession: fromPromise<Member | null | UnreachableMember>(() => currentMember()),
      // Offline on a member's device: their edits are marked pending so the sync sends them once back.
      keepEditsPending: fromCallback<SessionEvent, { memberId: string }>(({ input }) =>
        sync.watchLocalEdits(input.memberId, () => Date.now(), () => undefined),
      ),
      waitForNetwork: whenOnline<SessionEvent>({ type: 'ONLINE' }),
      // A 401 from a member call made by a service (stats, leaderboard, game results) ends the session too.
      hearSessionEnded: fromCallback<SessionEvent>(({ sendBack }) => viewer.onSessionEnded(() => sendBack({ type: 'SESSION_EXPIRED' }))),
      signUp: fromPromise<Member, SignupRequest>(({ input }) => signUp(input)),
      logIn: fromPromise<Member, LoginRequest>(({ input }) => logIn(input)),
      logOut: fromPromise<undefined>(async () => {
        await logOut();
        return undefined;
      }),
      deleteAccount: fromPromise<undefined, { password: string }>(async ({ input }) => {
        await deleteAccount(input.password);
        return undefined;
      }),
    },
    actions: {
      forgetDevice: () => sync.forget(),
      forgetMemberData: () => {
        sync.forget();
        forgetMemberData();
      },
      announceGuest: () => viewer.announce({ kind: 'guest' }),
      withdrawViewer: () => viewer.withdraw(),
      announceMember: (_: unknown, params: { memberId: string | null }) => {
        if (params.memberId !== null) viewer.announce({ kind: 'member', memberId: params.memberId });
      },
    },
  };
}
