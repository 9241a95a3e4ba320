import type { ServiceName } from '../domain/profile';
import { withoutConnected } from '../domain/tasteImport';
import { loadProfile, saveProfile } from '../storage/profile';

/**
 * Keeps the profile's connected-services flag true to the real state; writes only on a change. A
 * disconnected service's reported data (hours played, genre ranks) stops weighing the score with it.
 */
export function setServiceConnected(service: ServiceName, connected: boolean): void {
  const profile = loadProfile();
  const next = connected ? profile : withoutConnected(profile, service);
  if (profile.connectedServices[service] === connected && next === profile) return;
  saveProfile({ ...next, connectedServices: { ...profile.connectedServices, [service]: connected } });
}
