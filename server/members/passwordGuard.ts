import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { clientKey } from '../lib/rateLimit';
import { passwordIsRight, type PasswordHolder } from './accounts';
import type { Reservation } from './attemptLimits';
import type { deviceCookies } from './deviceCookie';
import type { LoginThrottle, PasswordAttempt } from './loginThrottle';
import { PasswordWorkBusy } from './passwords';

export type PasswordCheck = { outcome: 'right' | 'wrong' } | { outcome: 'throttled'; retryAfterSeconds: number } | { outcome: 'busy' };

export interface PasswordGuardDeps {
  db: Kysely<Database>;
  throttle: LoginThrottle;
  devices: ReturnType<typeof deviceCookies>;
  trustProxyHops: number;
  now: () => number;
}

/**
 * A password check under the log-in throttle (server/members/loginThrottle.ts): counted before argon2
 * runs, trusted as a known device when this browser's device cookie names the holder. Log-in, deleting
 * the account and adding a passkey all check a password through this one guard.
 */
export function passwordGuard({ throttle, devices, trustProxyHops, now }: PasswordGuardDeps) {
  return async function guardedPasswordCheck(c: Context, username: string, holder: PasswordHolder | undefined, password: string): Promise<PasswordCheck> {
    const device = await devices.read(c);
    const attempt: PasswordAttempt = {
      username,
      client: clientKey(c, trustProxyHops),
      ...(holder && device?.memberId === holder.member.id ? { knownDevice: device.deviceId } : {}),
    };
    const counted = await throttle.begin(attempt, now());
    if (!counted.allowed) return { outcome: 'throttled', retryAfterSeconds: counted.retryAfterSeconds };
    const reservation: Reservation = counted.reservation;
    let right: boolean;
    try {
      right = await passwordIsRight(holder, password);
    } catch (error) {
      if (!(error instanceof PasswordWorkBusy)) throw error;
      await throttle.abandoned(reservation);
      return { outcome: 'busy' };
    }
    if (!right) return { outcome: 'wrong' };
    await throttle.succeeded(attempt, reservation);
    return { outcome: 'right' };
  };
}
