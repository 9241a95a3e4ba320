import type { ServiceName } from '../domain/profile';
import { loadProfile, saveProfile } from '../storage/profile';

/** Keeps the profile's connected-services flag true to the real state; writes only on a change. */
export function setServiceConnected(service: ServiceName, connected: boolean): void {
  const profile = loadProfile();
  if (profile.connectedServices[service] === connected) return;
  saveProfile({ ...profile, connectedServices: { ...profile.connectedServices, [service]: connected } });
}
