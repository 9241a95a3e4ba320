import { assign, setup } from 'xstate';
import { liveTexts, type MemberMessage } from '../../../domain/liveContract';
import { actionNotProvided, callbackNotProvided, notProvided } from '../../../shared/machines/notProvided';
import type { LiveCommand, LiveEmitted } from './liveEvents';

/**
 * A member's live notices: "{name} sent you a friend request" when a request arrives
 * (and the app's friend requests refresh), "New message from {name}" when a friend writes while the member
 * is not on that friend's chat and has not muted it. Shown in the page until dismissed or for 6 s (not
 * counting while the pointer or focus rests on it), and beyond the page as the
 * settings ask (a browser notification on a hidden tab, a tone). It hears the live actor through 'liveLink'.
 * It also passes on what the live channel says without a notice: the member's friends or requests changed
 * ('people.changed': the app's friend requests refresh), their own profile was saved on another device
 * ('profile.changed': the profile sync fetches it); and each time the channel opens, both, so nothing that
 * happened while it was connecting or away is missed.
 */
export interface NoticesContext {
  memberId: string;
  /** The friend whose chat is on screen (their messages need no notice). */
  viewingFriendId: string | null;
  notice: string | null;
  /** What the notice on screen is about, so its 'View' opens it: the friend requests, or a friend's chat. */
  about: NoticeAbout | null;
  /** The friend whose name is being looked up for a message notice. */
  namingFriendId: string | null;
  /** The friend who wrote last (kept past the look-up, for the notice's 'View'). */
  lastWriterId: string | null;
  /** What holds the notice on screen past its 6 s: the pointer over it, keyboard focus in it, or both. */
  heldBy: readonly NoticeHold[];
}

/** A person reading or about to press the notice: while either holds, it does not time out. */
export type NoticeHold = 'pointer' | 'focus';

export type NoticeAbout = { kind: 'requests' } | { kind: 'chat'; friendId: string };

export type NoticesEvent =
  | LiveEmitted
  | { type: 'notices.viewing'; friendId: string | null }
  | { type: 'notices.dismiss' }
  | { type: 'notices.hold'; by: NoticeHold }
  | { type: 'notices.release'; by: NoticeHold };

/** A message frame's message, unless the member muted its sender's chat (the server marks those): that one tells nothing. */
function incomingMessage(event: NoticesEvent): MemberMessage | null {
  return event.type === 'live.received' && event.frame.type === 'message' && event.frame.muted !== true ? event.frame.message : null;
}

export const noticesMachine = setup({
  types: {} as { context: NoticesContext; events: NoticesEvent; input: { memberId: string } },
  actors: {
    // Provided by the composition point: liveLinkFor(the app's live actor).
    // Provided by the screen: liveLinkFor(the app's live actor).
    liveLink: callbackNotProvided<LiveCommand>('liveLink'),
    /** The friend's username, or null when they are not (or no longer) the member's friend. */
    friendName: notProvided<string | null, { friendId: string }>('friendName'),
  },
  guards: {
    isFriendRequest: ({ event }) => event.type === 'live.received' && event.frame.type === 'friendRequest',
    isPeopleChange: ({ event }) => event.type === 'live.received' && event.frame.type === 'people.changed',
    isOwnProfileChange: ({ event }) => event.type === 'live.received' && event.frame.type === 'profile.changed',
    channelOpened: ({ event }) => event.type === 'live.status' && event.status === 'open',
    isUnseenMessage: ({ context, event }) => {
      const message = incomingMessage(event);
      return message !== null && message.from !== context.memberId && message.from !== context.viewingFriendId;
    },
    // Named, and their chat was not opened meanwhile.
    namesUnseenFriend: ({ context }, params: { name: string | null }) => params.name !== null && context.namingFriendId !== context.viewingFriendId,
    isHeld: ({ context }) => context.heldBy.length > 0,
    noticeShown: ({ context }) => context.notice !== null,
    stillHeldByOther: ({ context, event }) => event.type === 'notices.release' && context.heldBy.some((by) => by !== event.by),
  },
  actions: {
    showNotice: assign((_, params: { text: string; about: NoticeAbout | null }) => ({ notice: params.text, about: params.about })),
    // A notice taken away takes its holds with it: the pointer or focus was on what is no longer there.
    clearNotice: assign({ notice: null, about: null, heldBy: [] }),
    hold: assign({ heldBy: ({ context, event }) => (event.type === 'notices.hold' && !context.heldBy.includes(event.by) ? [...context.heldBy, event.by] : context.heldBy) }),
    release: assign({ heldBy: ({ context, event }) => (event.type === 'notices.release' ? context.heldBy.filter((by) => by !== event.by) : context.heldBy) }),
    /** Where the app is assembled: a browser notification and a tone, as the member's settings ask. */
    announceBeyondPage: actionNotProvided<{ text: string }>('announceBeyondPage'),
    /** Where the app is assembled: the app's friend requests actor is sent REFRESH. */
    refreshFriendRequests: actionNotProvided('refreshFriendRequests'),
    /** Where the app is assembled: the profile sync fetches the member's profile. */
    refreshOwnProfile: actionNotProvided('refreshOwnProfile'),
    startNaming: assign(({ event }) => ({ namingFriendId: incomingMessage(event)?.from ?? null, lastWriterId: incomingMessage(event)?.from ?? null })),
    logFailure: (_, params: { error: unknown }) => console.error('A live notice failed', params.error),
  },
  delays: {
    noticeDuration: 6_000,
  },
}).createMachine({
  id: 'notices',
  context: ({ input }) => ({ memberId: input.memberId, viewingFriendId: null, notice: null, about: null, namingFriendId: null, lastWriterId: null, heldBy: [] }),
  invoke: { id: 'liveLink', src: 'liveLink', onError: { actions: { type: 'logFailure', params: ({ event }) => ({ error: event.error }) } } },
  on: {
    'notices.viewing': { actions: assign({ viewingFriendId: ({ event }) => event.friendId }) },
    'live.received': [
      {
        guard: 'isFriendRequest',
        target: '.showing',
        reenter: true,
        actions: [
          {
            type: 'showNotice',
            params: ({ event }) => ({
              text: liveTexts.newRequestNotice(event.frame.type === 'friendRequest' ? event.frame.from.username : ''),
              about: { kind: 'requests' } as const,
            }),
          },
          { type: 'announceBeyondPage', params: ({ context }) => ({ text: context.notice ?? '' }) },
          'refreshFriendRequests',
        ],
      },
      { guard: 'isUnseenMessage', target: '.naming', reenter: true, actions: 'startNaming' },
      { guard: 'isPeopleChange', actions: 'refreshFriendRequests' },
      { guard: 'isOwnProfileChange', actions: 'refreshOwnProfile' },
    ],
    'live.status': { guard: 'channelOpened', actions: ['refreshFriendRequests', 'refreshOwnProfile'] },
    // An older notice stays on screen while a newer sender is named: holding it counts for what follows.
    'notices.hold': { guard: 'noticeShown', actions: 'hold' },
    'notices.release': { actions: 'release' },
  },
  initial: 'quiet',
  states: {
    quiet: {
      entry: 'clearNotice',
    },
    // The notice on screen (if any) stays while the sender's name is looked up, and its Dismiss (or View) takes
    // it away then too; the look-up goes on, so the new message is still told once its sender is named.
    naming: {
      on: { 'notices.dismiss': { actions: 'clearNotice' } },
      invoke: {
        id: 'friendName',
        src: 'friendName',
        input: ({ context }) => ({ friendId: context.namingFriendId ?? '' }),
        onDone: [
          {
            guard: { type: 'namesUnseenFriend', params: ({ event }) => ({ name: event.output }) },
            target: 'showing',
            actions: [
              {
                type: 'showNotice',
                params: ({ context, event }) => ({
                  text: liveTexts.newMessageNotice(event.output ?? ''),
                  about: context.lastWriterId ? ({ kind: 'chat', friendId: context.lastWriterId } as const) : null,
                }),
              },
              { type: 'announceBeyondPage', params: ({ context }) => ({ text: context.notice ?? '' }) },
            ],
          },
          // Not a friend (any more): no notice names a stranger; or the member is reading that chat already.
          { target: 'quiet' },
        ],
        onError: { target: 'quiet', actions: { type: 'logFailure', params: ({ event }) => ({ error: event.error }) } },
      },
      exit: assign({ namingFriendId: null }),
    },
    // Shown for 6 s, but not while the pointer rests on it or focus is in it (someone is reading it or about
    // to press View): once both let go, it has its 6 s again.
    showing: {
      initial: 'counting',
      on: {
        'notices.dismiss': 'quiet',
        'notices.hold': { target: '.held', actions: 'hold' },
      },
      states: {
        counting: {
          always: { guard: 'isHeld', target: 'held' },
          after: { noticeDuration: '#notices.quiet' },
        },
        held: {
          on: {
            'notices.release': [
              { guard: 'stillHeldByOther', actions: 'release' },
              { target: 'counting', actions: 'release' },
            ],
          },
        },
      },
    },
  },
});
