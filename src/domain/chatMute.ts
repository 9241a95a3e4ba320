import { z } from 'zod';

// Muting a conversation with a member: kept by the server per member and the other member, so it holds
// on every device and tab. A muted chat gives no live notice, sound or browser notification for its
// messages; its unread count still shows on the conversation but not in the tab's total.

/** What GET, PUT (mute) and DELETE (unmute) CHAT_ROUTES.mute(memberId) answer. */
export const muteStateSchema = z.strictObject({ muted: z.boolean() });
export type MuteState = z.infer<typeof muteStateSchema>;

/** Mutes and unmutes a member may make an hour (429 TOO_MANY_REQUESTS past it), counted in the database. */
export const MUTE_CHANGES_PER_HOUR = 120;

/** The words (docs/product.md). */
export const chatMuteTexts = {
  mute: 'Mute',
  unmute: 'Unmute',
  /** The accessible label of the marker on a muted conversation. */
  muted: 'Muted',
  failed: 'Could not change whether this chat is muted. Please try again.',
} as const;
