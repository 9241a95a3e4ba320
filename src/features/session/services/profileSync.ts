import { MEMBER_ROUTES, profileResponseSchema, type MemberProfile } from '../../../domain/memberContract';
import { profileSchema, type Profile } from '../../../domain/profile';
import { memberSyncKey, syncStateOf } from '../../../shared/storage/memberSync';
import { loadProfile, profileKey, saveProfile } from '../../../shared/storage/profile';
import { readRaw } from '../../../shared/storage/store';
import { memberCall } from '../../../shared/http/api';
import { fetchMe } from './auth';
import type { PushOutcome, SyncOutcome } from '../machines/profileSync.machine';

// Local-first sync of a member's profile: edits are written to `user_profile` at once by the screens'
// machines (exactly as for guests); this service notices them, marks them pending with their time, and
// moves them to and from the server. The newer `updatedAt` wins.

function stableJson(profile: Profile): string {
  return JSON.stringify(profileSchema.parse(profile));
}

/** FNV-1a over the stable JSON: small enough to keep beside a profile whose picture may be large. */
function fingerprintOf(profile: Profile): string {
  const text = stableJson(profile);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return `${text.length.toString(36)}-${(hash >>> 0).toString(36)}`;
}

/** One device's sync with the server, created once by the session's actors and shared by what they start. */
export interface ProfileSync {
  /**
   * Hears every write of `user_profile` (this tab or another) and records it as a pending edit.
   * A removed profile (Clear App Data) is a device matter and is not sent as an empty profile.
   */
  watchLocalEdits(memberId: string, now: () => number, onEdit: () => void): () => void;
  /**
   * Brings the device copy and the server's together after a log-in, a sign-up, a reload or a reconnect. A
   * device copy changed since it was last agreed with the server, with no edit recorded, was edited before
   * anything listened (the session still being checked): it counts as an edit made `now()`.
   */
  reconcileProfile(memberId: string, now: () => number): Promise<SyncOutcome>;
  pushProfile(memberId: string, now: () => number): Promise<PushOutcome>;
  /** Forgets whose device copy this was (log-out, account deleted, session ended). */
  forget(): void;
}

export function createProfileSync(): ProfileSync {
  /** The profile as last agreed with the server, so restoring it is not mistaken for a new edit. */
  let lastSyncedJson: string | null = null;
  /**
   * Counts forget()s: a read or send still on its way when the membership ended (a 401 elsewhere, a log-out)
   * must not write this member's sync state back onto the device after it was forgotten.
   */
  let generation = 0;

  function restore(memberId: string, server: MemberProfile): void {
    const { updatedAt, ...profile } = server;
    lastSyncedJson = stableJson(profile);
    saveProfile(profile);
    memberSyncKey.write({ memberId, updatedAt, pending: false, synced: fingerprintOf(profile) });
  }

  /** Records an edit of the device copy at `at` (never earlier than the last one), keeping what was agreed. */
  function markPending(memberId: string, at: number): void {
    const previous = syncStateOf(memberId);
    memberSyncKey.write({ ...previous, memberId, updatedAt: Math.max(at, (previous?.updatedAt ?? 0) + 1), pending: true });
  }

  return {
    watchLocalEdits(memberId, now, onEdit) {
      return profileKey.subscribe(() => {
        if (readRaw(profileKey.key) === null) return;
        if (stableJson(loadProfile()) === lastSyncedJson) return;
        try {
          markPending(memberId, now());
        } catch {
          // A full storage keeps the flag in memory only: the edit is still sent while this tab is open.
        }
        onEdit();
      });
    },

    async reconcileProfile(memberId, now) {
      const started = generation;
      const { profile: server } = await fetchMe();
      if (started !== generation) return { needsPush: false };
      const agreed = syncStateOf(memberId);
      if (agreed && !agreed.pending && agreed.synced !== undefined && readRaw(profileKey.key) !== null && fingerprintOf(loadProfile()) !== agreed.synced) {
        markPending(memberId, now());
      }
      const local = syncStateOf(memberId);
      // A member without a server profile (just signed up) takes the device's profile as theirs.
      if (server === null) return { needsPush: true };
      if (local?.pending && local.updatedAt > server.updatedAt) return { needsPush: true };
      restore(memberId, server);
      return { needsPush: false };
    },

    async pushProfile(memberId, now) {
      const profile = loadProfile();
      const updatedAt = syncStateOf(memberId)?.updatedAt ?? now();
      const started = generation;
      const { profile: stored } = await memberCall(MEMBER_ROUTES.profile, profileResponseSchema, {
        method: 'PUT',
        body: { ...profile, updatedAt },
      });
      if (started !== generation) return { stillPending: false };
      const current = syncStateOf(memberId);
      if (current && current.updatedAt !== updatedAt) return { stillPending: true };
      if (stored.updatedAt > updatedAt) restore(memberId, stored);
      else {
        lastSyncedJson = stableJson(profile);
        memberSyncKey.write({ memberId, updatedAt, pending: false, synced: fingerprintOf(profile) });
      }
      return { stillPending: false };
    },

    forget() {
      generation += 1;
      lastSyncedJson = null;
      memberSyncKey.remove();
    },
  };
}

/**
 * How long Discover waits for the profile's last edit to reach the server before ranking anyway (the
 * 'profile.changed' that follows the save ranks again).
 */
export const PROFILE_SAVE_WAIT_MS = 4_000;

/**
 * Resolves once this member's device copy has no edit waiting for the server (at once when it has none),
 * or after `limitMs`: the server ranks people by the profile it holds, so a ranking asked right after
 * the last chip would be of the profile before it.
 */
export function profileSaved(memberId: string, limitMs: number): Promise<void> {
  const saved = () => syncStateOf(memberId)?.pending !== true;
  if (saved()) return Promise.resolve();
  return new Promise((resolve) => {
    let stop = () => undefined as unknown;
    const done = () => {
      clearTimeout(timer);
      stop();
      resolve();
    };
    const timer = setTimeout(done, limitMs);
    stop = memberSyncKey.subscribe(() => {
      if (saved()) done();
    });
  });
}
