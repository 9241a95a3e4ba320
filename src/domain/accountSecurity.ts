import { z } from 'zod';
import { safeLine } from './safeText';

// Settings' 'Security': changing the password while signed in, and the devices signed in to the account.
// The texts a person sees, the wire shapes and the activity clock, shared by the server and the client.

export const SECURITY_ROUTES = {
  password: '/api/me/password',
  /** GET lists the member's sessions; DELETE ends every one but the caller's. */
  devices: '/api/me/devices',
  device: (id: string) => `/api/me/devices/${encodeURIComponent(id)}`,
} as const;

/** A session's last-active time moves on at most this often (one write per few minutes, not per request). */
export const SESSION_ACTIVITY_STEP_MINUTES = 5;
/** Used within this long: 'Active now' (longer than the step, so an open app never looks idle). */
export const ACTIVE_NOW_MINUTES = 10;

export const securityTexts = {
  heading: 'Security',
  changePasswordHeading: 'Change password',
  currentPasswordLabel: 'Current password',
  newPasswordLabel: 'New password',
  confirmPasswordLabel: 'Confirm new password',
  changePassword: 'Change password',
  changing: 'Changing...',
  changed: 'Your password was changed. Every other device was signed out.',
  wrongCurrent: 'Your current password is not correct.',
  devicesHeading: 'Signed-in devices',
  thisDevice: 'This device',
  activeNow: 'Active now',
  signOut: 'Sign out',
  signOutOthers: 'Sign out everywhere else',
  onlyThisDevice: 'No other device is signed in.',
  loadFailed: 'Could not load your signed-in devices.',
  signOutFailed: 'Could not sign that device out. Please try again.',
} as const;

export const changePasswordRequestSchema = z.object({ currentPassword: safeLine(10_000), newPassword: safeLine(10_000) });

/** A device's public id: derived from the session, never the session's secret id (that is a bearer token). */
export const deviceIdSchema = z.string().regex(/^[0-9a-f]{32}$/);

export const signedInDeviceSchema = z.object({
  id: deviceIdSchema,
  name: z.string().max(100),
  /** ISO time. */
  lastActiveAt: z.string(),
  current: z.boolean(),
});
export type SignedInDevice = z.infer<typeof signedInDeviceSchema>;

/** `now`: the server's clock when it answered, so 'Active 5 minutes ago' does not depend on the device's clock. */
export const devicesResponseSchema = z.object({ devices: z.array(signedInDeviceSchema), now: z.string() });
export type DevicesResponse = z.infer<typeof devicesResponseSchema>;

/** A row of 'Signed-in devices' as the screen shows it. */
export interface ListedDevice {
  id: string;
  name: string;
  current: boolean;
  /** 'Active now', 'Active 3 hours ago' ... */
  lastActive: string;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'}`;
}

/** The server's answer as the rows to show, worded at the server's `now`. */
export function listedDevices(answer: DevicesResponse): ListedDevice[] {
  const now = Date.parse(answer.now);
  return answer.devices.map((device) => ({ id: device.id, name: device.name, current: device.current, lastActive: lastActiveText(new Date(device.lastActiveAt), now) }));
}

/** 'Active now', 'Active 25 minutes ago', 'Active 3 hours ago', 'Active 2 days ago', then 'Active on 3 Nov 2026'. */
export function lastActiveText(lastActiveAt: Date, now: number): string {
  const ago = Math.max(0, now - lastActiveAt.getTime());
  if (ago < ACTIVE_NOW_MINUTES * MINUTE) return securityTexts.activeNow;
  if (ago < HOUR) return `Active ${plural(Math.floor(ago / MINUTE), 'minute')} ago`;
  if (ago < DAY) return `Active ${plural(Math.floor(ago / HOUR), 'hour')} ago`;
  if (ago < 7 * DAY) return `Active ${plural(Math.floor(ago / DAY), 'day')} ago`;
  return `Active on ${lastActiveAt.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })}`;
}
