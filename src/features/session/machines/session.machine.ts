import { assign, fromCallback, fromPromise, setup, type DoneActorEvent } from 'xstate';
import type { LoginRequest, Member, SignupRequest } from '../../../domain/memberContract';
import { currentMember, deleteAccount, logIn, logOut, signUp, type UnreachableMember } from '../services/auth';
import { isSessionEnded, memberFailure, type MemberFailure } from '../../../shared/http/errors';
import { forgetMemberSync, watchLocalEdits } from '../services/profileSync';
import { forgetMemberData } from '../../../shared/storage/appData';
import { announceViewer, onSessionEnded, withdrawViewer } from '../../../shared/session/viewer';
import { profileSyncMachine } from './profileSync.machine';

/**
 * The app's session (docs/testing.md "Members"): without one the app is a guest and behaves exactly as docs/product.md
 * says; with one it is a member whose profile syncs with the server. One actor for the whole app.
 * A request that fails keeps its failure in context for the screen that asked (see ./sessionRequests.ts).
 * A 401 from any member call (SESSION_EXPIRED, or the sync ending) returns to guest with a notice.
 */
export interface SessionContext {
  member: Member | null;
  failure: MemberFailure | null;
}

export type SessionEvent =
  | { type: 'SIGN_UP'; request: SignupRequest }
  | { type: 'LOG_IN'; request: LoginRequest }
  | { type: 'LOG_OUT' }
  | { type: 'DELETE_ACCOUNT'; password: string }
  | { type: 'SESSION_EXPIRED' }
  | { type: 'DISMISS_NOTICE' }
  | { type: 'ONLINE' };

type CheckOutput = Member | null | UnreachableMember;

/** The member a session check found, or null for a guest (with or without an unreachable member's device). */
function memberIn(output: CheckOutput): Member | null {
  return output !== null && 'id' in output ? output : null;
}

// guest.offline is entered only from checking's onDone, once its guard found an unreachable member.
function offlineMemberIdOf(event: unknown): string {
  return (event as DoneActorEvent<UnreachableMember>).output.offlineMemberId;
}

export const sessionMachine = setup({
  types: {} as { context: SessionContext; events: SessionEvent },
  actors: {
    checkSession: fromPromise<CheckOutput>(() => currentMember()),
    // Offline on a member's device: their edits are marked pending so the sync sends them once back.
    keepEditsPending: fromCallback<SessionEvent, { memberId: string }>(({ input }) => watchLocalEdits(input.memberId, () => Date.now(), () => undefined)),
    waitForNetwork: fromCallback<SessionEvent>(({ sendBack }) => {
      const online = () => sendBack({ type: 'ONLINE' });
      window.addEventListener('online', online);
      return () => window.removeEventListener('online', online);
    }),
    // A 401 from a member call made by a service (stats, leaderboard, game results) ends the session too.
    hearSessionEnded: fromCallback<SessionEvent>(({ sendBack }) => onSessionEnded(() => sendBack({ type: 'SESSION_EXPIRED' }))),
    signUp: fromPromise<Member, SignupRequest>(({ input }) => signUp(input)),
    logIn: fromPromise<Member, LoginRequest>(({ input }) => logIn(input)),
    logOut: fromPromise(() => logOut()),
    deleteAccount: fromPromise(({ input }: { input: { password: string } }) => deleteAccount(input.password)),
    profileSync: profileSyncMachine,
  },
  guards: {
    hasMember: (_, params: { output: CheckOutput }) => memberIn(params.output) !== null,
    unreachableMember: (_, params: { output: CheckOutput }) => params.output !== null && 'offlineMemberId' in params.output,
    sessionEnded: ({ event }) => isSessionEnded((event as { error?: unknown }).error),
  },
  actions: {
    takeMember: assign((_, params: { member: Member | null }) => ({ member: params.member, failure: null })),
    clearFailure: assign({ failure: null }),
    recordFailure: assign({ failure: ({ event }) => memberFailure((event as { error?: unknown }).error) }),
    endMember: assign({ member: null }),
    // A session that ended by itself keeps the device copy (the member may log in again and sync it); only whose copy it was is forgotten.
    forgetDevice: () => forgetMemberSync(),
    // Log Out and Delete Account: the device holds one person at a time, so the next guest starts clean.
    forgetMemberData: () => {
      forgetMemberSync();
      forgetMemberData();
    },
    // The services that choose the device or the server (leaderboard, stats, game results) follow these.
    announceGuest: () => announceViewer({ kind: 'guest' }),
    withdrawViewer: () => withdrawViewer(),
    announceMember: ({ context }) => {
      if (context.member) announceViewer({ kind: 'member', memberId: context.member.id });
    },
    logSyncFailure: ({ event }) => console.error('Profile sync stopped', (event as { error?: unknown }).error),
    logWatchFailure: ({ event }) => console.error('Waiting for the network failed', (event as { error?: unknown }).error),
  },
}).createMachine({
  id: 'session',
  context: { member: null, failure: null },
  initial: 'checking',
  states: {
    checking: {
      entry: 'withdrawViewer',
      invoke: {
        id: 'checkSession',
        src: 'checkSession',
        onDone: [
          {
            guard: { type: 'hasMember', params: ({ event }) => ({ output: event.output }) },
            target: 'member',
            actions: { type: 'takeMember', params: ({ event }) => ({ member: memberIn(event.output) }) },
          },
          { guard: { type: 'unreachableMember', params: ({ event }) => ({ output: event.output }) }, target: 'guest.offline' },
          { target: 'guest' },
        ],
        // Unreachable server on a device no member used: the app works as a guest; the next load checks again.
        onError: { target: 'guest' },
      },
    },
    guest: {
      entry: 'announceGuest',
      initial: 'browsing',
      on: {
        SIGN_UP: 'signingUp',
        LOG_IN: 'loggingIn',
      },
      states: {
        browsing: {},
        sessionEnded: { on: { DISMISS_NOTICE: 'browsing' } },
        // A member's device started without the server: it works as a guest, keeps the member's edits
        // pending, and checks again as soon as the browser is back online.
        offline: {
          invoke: [
            {
              id: 'keepEditsPending',
              src: 'keepEditsPending',
              input: ({ event }) => ({ memberId: offlineMemberIdOf(event) }),
              onError: { actions: 'logWatchFailure' },
            },
            { id: 'waitForNetwork', src: 'waitForNetwork', onError: { actions: 'logWatchFailure' } },
          ],
          on: { ONLINE: '#session.checking' },
        },
      },
    },
    signingUp: {
      entry: ['clearFailure', 'withdrawViewer'],
      invoke: {
        id: 'signUp',
        src: 'signUp',
        input: ({ event }) => (event as Extract<SessionEvent, { type: 'SIGN_UP' }>).request,
        onDone: { target: 'member', actions: { type: 'takeMember', params: ({ event }) => ({ member: event.output }) } },
        onError: { target: 'guest', actions: 'recordFailure' },
      },
    },
    loggingIn: {
      entry: ['clearFailure', 'withdrawViewer'],
      invoke: {
        id: 'logIn',
        src: 'logIn',
        input: ({ event }) => (event as Extract<SessionEvent, { type: 'LOG_IN' }>).request,
        onDone: { target: 'member', actions: { type: 'takeMember', params: ({ event }) => ({ member: event.output }) } },
        onError: { target: 'guest', actions: 'recordFailure' },
      },
    },
    member: {
      entry: 'announceMember',
      initial: 'active',
      invoke: [
        {
          id: 'profileSync',
          src: 'profileSync',
          input: ({ context }) => ({ memberId: context.member?.id ?? '' }),
          onDone: { target: 'guest.sessionEnded', actions: ['endMember', 'forgetDevice'] },
          onError: { actions: 'logSyncFailure' },
        },
        { id: 'hearSessionEnded', src: 'hearSessionEnded', onError: { actions: 'logWatchFailure' } },
      ],
      on: {
        LOG_OUT: 'loggingOut',
        SESSION_EXPIRED: { target: 'guest.sessionEnded', actions: ['endMember', 'forgetDevice'] },
      },
      states: {
        active: {
          on: { DELETE_ACCOUNT: 'deletingAccount' },
        },
        deletingAccount: {
          entry: 'clearFailure',
          invoke: {
            id: 'deleteAccount',
            src: 'deleteAccount',
            input: ({ event }) => ({ password: (event as Extract<SessionEvent, { type: 'DELETE_ACCOUNT' }>).password }),
            onDone: { target: '#session.guest', actions: ['endMember', 'forgetMemberData'] },
            onError: [
              { guard: 'sessionEnded', target: '#session.guest.sessionEnded', actions: ['recordFailure', 'endMember', 'forgetDevice'] },
              { target: 'active', actions: 'recordFailure' },
            ],
          },
        },
      },
    },
    loggingOut: {
      // At once (the profile sync stopped as the member state ended), so no screen opened meanwhile sees the member's data.
      entry: ['withdrawViewer', 'forgetMemberData'],
      invoke: {
        id: 'logOut',
        src: 'logOut',
        // The device forgets the session either way; a server session left behind expires on its own.
        onDone: { target: 'guest', actions: 'endMember' },
        onError: { target: 'guest', actions: 'endMember' },
      },
    },
  },
});
