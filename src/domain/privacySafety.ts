import { z } from 'zod';

// A member's 'Privacy and safety' settings (GET and PUT /api/me/safety), kept by the server, which
// enforces them: who may send a friend request, and whether the member's reads and typing are told to
// the other side, and whether others' reads are shown to the member. Not sending my read receipts never
// stops me seeing others'; only 'Show read receipts from others' does.

export const PRIVACY_SAFETY_ROUTE = '/api/me/safety';

/** Who can send the member friend requests. */
export const friendRequestsFromSchema = z.enum(['everyone', 'friendsOfFriends', 'noOne']);
export type FriendRequestsFrom = z.infer<typeof friendRequestsFromSchema>;

export const privacySafetySchema = z.strictObject({
  friendRequests: friendRequestsFromSchema,
  sendReadReceipts: z.boolean(),
  sendTypingIndicator: z.boolean(),
  /** Off: the member is never told that someone read their messages ('Delivered' stays), whatever the reader chose. */
  showReadReceipts: z.boolean(),
});
export type PrivacySafety = z.infer<typeof privacySafetySchema>;

/** PUT takes any non-empty subset (nothing else) and answers the whole. */
export const privacySafetyUpdateSchema = privacySafetySchema
  .partial()
  .refine((update) => Object.keys(update).length > 0);
export type PrivacySafetyUpdate = z.infer<typeof privacySafetyUpdateSchema>;

export function defaultPrivacySafety(): PrivacySafety {
  return { friendRequests: 'everyone', sendReadReceipts: true, sendTypingIndicator: true, showReadReceipts: true };
}

/** The screen's words (docs/product.md). */
export const privacySafetyTexts = {
  heading: 'Privacy and safety',
  friendRequestsTitle: 'Who can send you friend requests',
  friendRequestsOptions: { everyone: 'Everyone', friendsOfFriends: 'Friends of friends', noOne: 'No one' } satisfies Record<FriendRequestsFrom, string>,
  readReceiptsTitle: 'Send read receipts',
  typingTitle: 'Send typing indicator',
  showReadReceiptsTitle: 'Show read receipts from others',
  on: 'On',
  off: 'Off',
  saveFailed: 'Could not save your privacy and safety settings. Please try again.',
  loadFailed: 'Could not load your privacy and safety settings.',
} as const;

/** The Add Friend button on the card of someone whose setting refuses the viewer's requests. */
export const NOT_ACCEPTING_REQUESTS_TEXT = 'Not accepting requests';
