import { assign, setup, stateIn, type DoneActorEvent } from 'xstate';
import type { LoginRequest, Member, SignupRequest, UnreachableMember } from '../../../domain/memberContract';
import { isSessionEnded, memberFailure, type MemberFailure } from '../../../domain/memberFailure';
import { callbackNotProvided, notProvided } from '../../../shared/machines/notProvided';
import { profileSyncMachine } from './profileSync.machine';

/**
 * The app's session (docs/testing.md "Members"): without one the app is a guest and behaves exactly as docs/product.md
 * says; with one it is a member whose profile syncs with the server. One actor for the whole app.
 * A request that fails keeps its failure in context for the screen that asked (see ../actors/sessionRequests.ts).
 * A 401 from any member call (SESSION_EXPIRED, or the sync ending) returns to guest with a notice.
 */
export interface SessionContext {
  member: Member | null;
  failure: MemberFailure | null;
}

export type SessionEvent =
  | { type: 'SIGN_UP'; request: SignupRequest }
  | { type: 'LOG_IN'; request: LoginRequest }
  /** The form that asked was left while its sign-up or log-in was on its way: the person no longer wants it. */
  | { type: 'ABANDON' }
  | { type: 'LOG_OUT' }
  | { type: 'DELETE_ACCOUNT'; password: string }
  | { type: 'SESSION_EXPIRED' }
  | { type: 'DISMISS_NOTICE' }
  | { type: 'ONLINE' }
  // The server opened a session without the session asking (a password reset signs the member in): ask it who.
  | { type: 'RECHECK' };

type CheckOutput = Member | null | UnreachableMember;

/** The member a session check found, or null for a guest (with or without an unreachable member's device). */
function memberIn(output: CheckOutput): Member | null {
  return output !== null && 'id' in output ? output : null;
}

/**
 * The request event that entered a state, checked. Not xstate's assertEvent: xstate ships in the first
 * screen's boot chunk, and that helper alone took it over its script budget.
 */
function requestEvent<TType extends SessionEvent['type']>(event: SessionEvent, type: TType): Extract<SessionEvent, { type: TType }> {
  if (event.type !== type) throw new Error(`Expected ${type}, not ${event.type}`);
  return event as Extract<SessionEvent, { type: TType }>;
}

// guest.offline is entered only from checking's onDone, once its guard found an unreachable member.
function offlineMemberIdOf(event: unknown): string {
  return (event as DoneActorEvent<UnreachableMember>).output.offlineMemberId;
}

/** A sign-up's or log-in's request while the form waits for it, and once that form was left. */
const abandonable = {
  initial: 'asking',
  states: { asking: { on: { ABANDON: 'abandoned' } }, abandoned: {} },
} as const;

export const sessionMachine = setup({
  types: {} as { context: SessionContext; events: SessionEvent },
  actors: {
    /** The member this browser's session belongs to, null for a guest, or a member's device without the server. */
    checkSession: notProvided<CheckOutput>('checkSession'),
    /** Offline on a member's device: marks their edits pending so the sync sends them once back. */
    keepEditsPending: callbackNotProvided<SessionEvent, { memberId: string }>('keepEditsPending'),
    /** Sends ONLINE when the browser is back online. */
    waitForNetwork: callbackNotProvided<SessionEvent>('waitForNetwork'),
    /** Sends SESSION_EXPIRED when a service's member call answered 401 (stats, leaderboard, game results). */
    hearSessionEnded: callbackNotProvided<SessionEvent>('hearSessionEnded'),
    signUp: notProvided<Member, SignupRequest>('signUp'),
    logIn: notProvided<Member, LoginRequest>('logIn'),
    logOut: notProvided<undefined>('logOut'),
    deleteAccount: notProvided<undefined, { password: string }>('deleteAccount'),
    // Its own actors are provided with the session's, where the app is assembled.
    profileSync: profileSyncMachine,
  },
  guards: {
    hasMember: (_, params: { output: CheckOutput }) => memberIn(params.output) !== null,
    unreachableMember: (_, params: { output: CheckOutput }) => params.output !== null && 'offlineMemberId' in params.output,
    sessionEnded: (_, params: { error: unknown }) => isSessionEnded(params.error),
    logInAbandoned: stateIn('#session.loggingIn.abandoned'),
    signUpAbandoned: stateIn('#session.signingUp.abandoned'),
  },
  actions: {
    takeMember: assign((_, params: { member: Member | null }) => ({ member: params.member, failure: null })),
    clearFailure: assign({ failure: null }),
    recordFailure: assign((_, params: { error: unknown }) => ({ failure: memberFailure(params.error) })),
    endMember: assign({ member: null }),
    // The device-side actions below are provided where the app is assembled.
    // A session that ended by itself keeps the device copy (the member may log in again and sync it); only whose copy it was is forgotten.
    forgetDevice: () => undefined,
    // Log Out and Delete Account: the device holds one person at a time, so the next guest starts clean.
    forgetMemberData: () => undefined,
    // The services that choose the device or the server (leaderboard, stats, game results) follow these.
    announceGuest: () => undefined,
    withdrawViewer: () => undefined,
    announceMember: (_, _params: { memberId: string | null }) => undefined,
    logSyncFailure: (_, params: { error: unknown }) => console.error('Profile sync stopped', params.error),
    logWatchFailure: (_, params: { error: unknown }) => console.error('Waiting for the network failed', params.error),
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
        RECHECK: 'checking',
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
              onError: { actions: { type: 'logWatchFailure', params: ({ event }) => ({ error: event.error }) } },
            },
            { id: 'waitForNetwork', src: 'waitForNetwork', onError: { actions: { type: 'logWatchFailure', params: ({ event }) => ({ error: event.error }) } } },
          ],
          on: { ONLINE: '#session.checking' },
        },
      },
    },
    // An abandoned sign-up or log-in still waits for the server's answer: stopping the request now could not stop
    // the server from opening a session after a log-out sent meanwhile.
    signingUp: {
      entry: ['clearFailure', 'withdrawViewer'],
      ...abandonable,
      invoke: {
        id: 'signUp',
        src: 'signUp',
        input: ({ event }) => requestEvent(event, 'SIGN_UP').request,
        onDone: [
          { guard: 'signUpAbandoned', target: 'endingAbandoned' },
          { target: 'member', actions: { type: 'takeMember', params: ({ event }) => ({ member: event.output }) } },
        ],
        onError: [
          { guard: 'signUpAbandoned', target: 'guest' },
          { target: 'guest', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    loggingIn: {
      entry: ['clearFailure', 'withdrawViewer'],
      ...abandonable,
      invoke: {
        id: 'logIn',
        src: 'logIn',
        input: ({ event }) => requestEvent(event, 'LOG_IN').request,
        onDone: [
          { guard: 'logInAbandoned', target: 'endingAbandoned' },
          { target: 'member', actions: { type: 'takeMember', params: ({ event }) => ({ member: event.output }) } },
        ],
        onError: [
          // Nobody waits for the reason any more.
          { guard: 'logInAbandoned', target: 'guest' },
          { target: 'guest', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    // The server opened a session nobody wants any more (a new account's or a log-in's): it is ended, and the person
    // stays the guest they were (nothing of the member reached the device, so nothing is forgotten). An account the
    // server created stays: its owner can log in to it.
    endingAbandoned: {
      invoke: {
        id: 'endAbandonedSession',
        src: 'logOut',
        onDone: { target: 'guest' },
        // A server session left behind expires on its own, as after any log-out.
        onError: { target: 'guest' },
      },
    },
    member: {
      entry: { type: 'announceMember', params: ({ context }) => ({ memberId: context.member?.id ?? null }) },
      initial: 'active',
      invoke: [
        {
          id: 'profileSync',
          src: 'profileSync',
          input: ({ context }) => ({ memberId: context.member?.id ?? '' }),
          onDone: { target: 'guest.sessionEnded', actions: ['endMember', 'forgetDevice'] },
          onError: { actions: { type: 'logSyncFailure', params: ({ event }) => ({ error: event.error }) } },
        },
        { id: 'hearSessionEnded', src: 'hearSessionEnded', onError: { actions: { type: 'logWatchFailure', params: ({ event }) => ({ error: event.error }) } } },
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
            input: ({ event }) => ({ password: requestEvent(event, 'DELETE_ACCOUNT').password }),
            onDone: { target: '#session.guest', actions: ['endMember', 'forgetMemberData'] },
            onError: [
              {
                guard: { type: 'sessionEnded', params: ({ event }) => ({ error: event.error }) },
                target: '#session.guest.sessionEnded',
                actions: [{ type: 'recordFailure', params: ({ event }) => ({ error: event.error }) }, 'endMember', 'forgetDevice'],
              },
              { target: 'active', actions: { type: 'recordFailure', params: ({ event }) => ({ error: event.error }) } },
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
