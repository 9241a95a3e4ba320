import type { Community } from '../../domain/community';
import type { PrivacySettings, Settings } from '../../domain/settings';
import { memberSettingsSchema, SOCIAL_ROUTES, type MemberSettings } from '../../domain/socialContract';
import { settingsKey } from '../storage/settings';
import { memberCall } from './api';
import { isSessionEnded } from './errors';
import { mayHoldSession } from '../session/memberHint';

// What the server must know of a member's settings (privacy and communities): GET and PUT /api/me/settings.
// The privacy switches live on the device for everyone (`user_settings`); for a member they also decide what
// others see, so they go to the server, whose answer is what the switch then shows (see settings.machine.ts).

export type { PrivacySettings } from '../../domain/settings';

export function fetchMemberSettings(): Promise<MemberSettings> {
  return memberCall(SOCIAL_ROUTES.settings, memberSettingsSchema);
}

/** PUT takes any subset and answers the whole. */
export function updateMemberSettings(update: Partial<MemberSettings>): Promise<MemberSettings> {
  return memberCall(SOCIAL_ROUTES.settings, memberSettingsSchema, { method: 'PUT', body: update });
}

/** Tells the server a member's privacy switches; answers the privacy the server then keeps. */
export async function sharePrivacyWithServer(privacy: PrivacySettings): Promise<PrivacySettings> {
  const saved = await updateMemberSettings(privacy);
  return { profileVisibility: saved.profileVisibility, showOnlineStatus: saved.showOnlineStatus };
}

/**
 * The device's settings with a member's privacy as the server keeps it (written to the device copy too), so the
 * switches start as others see them.
 */
export async function settingsWithServerPrivacy(): Promise<Settings> {
  const saved = await fetchMemberSettings();
  const device = settingsKey.read();
  if (saved.profileVisibility === device.profileVisibility && saved.showOnlineStatus === device.showOnlineStatus) return device;
  const merged: Settings = { ...device, profileVisibility: saved.profileVisibility, showOnlineStatus: saved.showOnlineStatus };
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
