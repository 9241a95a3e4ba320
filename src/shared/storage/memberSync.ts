import { z } from 'zod';
import { defineKey } from './store';

// A member's device copy of the profile stays under the contract's `user_profile`; this key says whose copy it
// is, when it was last changed (the `updatedAt` that wins against the server's) and whether that change
// still has to reach the server. Guests never have it.
export const memberSyncSchema = z.object({
  memberId: z.string(),
  updatedAt: z.number().int().nonnegative(),
  pending: z.boolean(),
  /**
   * A fingerprint of the profile as last agreed with the server: an edit made while nothing was listening
   * (a screen is usable before the session is confirmed) shows as a device copy that no longer matches it.
   */
  synced: z.string().optional(),
});
export type MemberSyncState = z.infer<typeof memberSyncSchema>;

export const memberSyncKey = defineKey<MemberSyncState | null>('member_profile_sync', memberSyncSchema.nullable(), () => null);

/** The sync state of this member's device copy; another member's state counts as none. */
export function syncStateOf(memberId: string): MemberSyncState | null {
  const state = memberSyncKey.read();
  return state && state.memberId === memberId ? state : null;
}
