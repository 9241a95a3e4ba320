import {
  memberSettingsSchema,
  SOCIAL_ROUTES,
  type MemberSettings,
} from '../../domain/socialContract';
import type { Settings } from '../../domain/settings';
import { settingsKey } from '../../storage/settings';
import type { Community } from '../../domain/community';
import { memberCall } from './api';
import { mayHoldSession } from './memberHint';
import { isSessionEnded } from './errors';
import { settledSession, type SessionActor } from './sessionRequests';

// What the server must know of a member's settings (privacy and communities): GET and PUT /api/me/settings.
// The privacy switches live on the device for everyone (`user_settings`); for a member they also decide what
// others see, so they go to the server, whose answer is what the switch then shows.

export type PrivacySettings = Pick<Settings, 'profileVisibility' | 'showOnlineStatus'>;

export function fetchMemberSettings(): Promise<MemberSettings> {
  return memberCall(SOCIAL_ROUTES.settings, memberSettingsSchema);
}

/** PUT takes any subset and answers the whole. */
export function updateMemberSettings(update: Partial<MemberSettings>): Promise<MemberSettings> {
  return memberCall(SOCIAL_ROUTES.settings, memberSettingsSchema, { method: 'PUT', body: update });
}

async function isMember(session: SessionActor): Promise<boolean> {
  return (await settledSession(session)).matches('member');
}

/** Ends the session on a 401 and passes the failure on. */
function endOnUnauthenticated(session: SessionActor) {
  return (error: unknown): never => {
    if (isSessionEnded(error)) session.send({ type: 'SESSION_EXPIRED' });
    throw error;
  };
}

/** The privacy the session keeps: a guest's stays on the device; a member's is the server's answer. */
export async function sharePrivacy(session: SessionActor, privacy: PrivacySettings): Promise<PrivacySettings> {
  if (!(await isMember(session))) return privacy;
  const saved = await updateMemberSettings(privacy).catch(endOnUnauthenticated(session));
  return { profileVisibility: saved.profileVisibility, showOnlineStatus: saved.showOnlineStatus };
}

/** The server's privacy for a member (null for a guest), so the switches start as others see them. */
export async function sharedPrivacy(session: SessionActor): Promise<PrivacySettings | null> {
  if (!(await isMember(session))) return null;
  const saved = await fetchMemberSettings().catch(endOnUnauthenticated(session));
  return { profileVisibility: saved.profileVisibility, showOnlineStatus: saved.showOnlineStatus };
}

/**
 * The device's settings, with a member's privacy as the server keeps it (written to the device copy too).
 * If the server cannot be asked, the device copy stands; the next switch tells the server again.
 */
export async function settingsForSession(session: SessionActor): Promise<Settings> {
  const device = settingsKey.read();
  let shared: PrivacySettings | null;
  try {
    shared = await sharedPrivacy(session);
  } catch (error) {
    // An ended session was already reported to the session; anything else leaves the device copy standing.
    if (!isSessionEnded(error)) console.error('Could not read the privacy the server keeps', error);
    return device;
  }
  if (!shared || (shared.profileVisibility === device.profileVisibility && shared.showOnlineStatus === device.showOnlineStatus)) return device;
  const merged = { ...device, ...shared };
  settingsKey.write(merged);
  return merged;
}

/**
 * The communities a member chose, or null for a guest (no session hint: nothing is asked; or a 401).
 * Guests have no communities of their own: the profile screen offers the choice to members only.
 */
export async function memberCommunities(): Promise<Community[] | null> {
  if (!mayHoldSession()) return null;
  try {
    return (await fetchMemberSettings()).communities;
  } catch (error) {
    if (isSessionEnded(error)) return null;
    throw error;
  }
}

/** Saves the member's communities; answers the list the server keeps. */
export async function saveCommunities(communities: readonly Community[]): Promise<Community[]> {
  return (await updateMemberSettings({ communities: [...communities] })).communities;
}
