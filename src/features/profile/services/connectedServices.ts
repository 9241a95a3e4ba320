import type { ServiceName } from '../../../domain/profile';
import { withoutConnected } from '../../../domain/tasteImport';
import { loadProfile, saveProfile } from '../../../shared/storage/profile';
import type { Viewer } from '../../../shared/session/viewer';

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

/**
 * A card found no connection on this device as it started. A guest's device is the whole truth, so the
 * flag follows it. A member's services may be connected on another device (their profile on the server
 * says so, with the taste it brought): those stay until the member disconnects them, so a log-in on a new
 * device never changes anyone's scores.
 */
export function noteNoConnectionHere(service: ServiceName, viewer: Viewer | null): void {
  if (viewer?.kind === 'guest') setServiceConnected(service, false);
}
