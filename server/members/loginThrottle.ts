import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MINUTES } from '../../src/domain/memberContract';
import { normaliseUsername } from '../../src/domain/validation';
import type { AttemptLimits, AttemptRule, Reservation, ReserveResult } from './attemptLimits';

// The password guard of log-in and of deleting an account, after OWASP's "device cookies":
// - From a device the member logged in from before (a valid device cookie for that member): 5
//   failures per device within 15 minutes, then that device waits out the window. Nothing a stranger
//   does elsewhere slows it down, so no one can lock a member out of their own device.
// - From anywhere else: 5 failures per (name, client) within 15 minutes lock that pair; 20 failures
//   from one client across names within 15 minutes lock that client; and per name, after 5 failures
//   within a day, each further attempt waits 1 s, 2 s, 4 s ... at most 15 minutes after the one before
//   it, whoever sends it. A stranger thus slows guesses on a name but never shuts its owner out.
// Each attempt is counted before its password check (attemptLimits.ts); a right password gives it back.

export const LOGIN_CLIENT_MAX_FAILURES = 20;
export const LOGIN_NAME_FREE_FAILURES = 5;
export const LOGIN_NAME_WINDOW_HOURS = 24;
export const LOGIN_NAME_MAX_DELAY_MINUTES = 15;

const MINUTE = 60 * 1000;
const WINDOW_MS = LOGIN_WINDOW_MINUTES * MINUTE;

/** The name a throttle counts under: the form a log-in looks it up by. */
export function usernameKey(username: string): string {
  return normaliseUsername(username).toLowerCase();
}

export interface PasswordAttempt {
  username: string;
  /** The client's rate-limit key (server/lib/rateLimit.ts clientKey). */
  client: string;
  /** The device cookie's id when it is valid for the member this name belongs to. */
  knownDevice?: string;
}

export interface LoginThrottle {
  /** Counts the attempt before its password is checked, or refuses it with the seconds to wait. */
  begin(attempt: PasswordAttempt, now: number): Promise<ReserveResult>;
  /** The password was right: the attempt is given back and this client's (or device's) failures on the name forgotten. */
  succeeded(attempt: PasswordAttempt, reservation: Reservation): Promise<void>;
  /** The password could not be checked (the server was busy): the attempt is given back. */
  abandoned(reservation: Reservation): Promise<void>;
  /** The name's own counter, dropped with the account so a later member of that name starts clean. */
  forgetName(username: string): Promise<void>;
}

function pairKey(name: string, client: string): string {
  return JSON.stringify([name, client]);
}

function rulesFor(attempt: PasswordAttempt): AttemptRule[] {
  if (attempt.knownDevice !== undefined) {
    return [{ kind: 'lock', scope: 'login-device', key: attempt.knownDevice, limit: LOGIN_MAX_FAILURES, windowMs: WINDOW_MS }];
  }
  const name = usernameKey(attempt.username);
  return [
    {
      kind: 'delay',
      scope: 'login-name',
      key: name,
      freeAttempts: LOGIN_NAME_FREE_FAILURES,
      windowMs: LOGIN_NAME_WINDOW_HOURS * 60 * MINUTE,
      maxDelayMs: LOGIN_NAME_MAX_DELAY_MINUTES * MINUTE,
    },
    { kind: 'lock', scope: 'login-client', key: attempt.client, limit: LOGIN_CLIENT_MAX_FAILURES, windowMs: WINDOW_MS },
    { kind: 'lock', scope: 'login-pair', key: pairKey(name, attempt.client), limit: LOGIN_MAX_FAILURES, windowMs: WINDOW_MS },
  ];
}

export function createLoginThrottle(limits: AttemptLimits): LoginThrottle {
  return {
    begin: (attempt, now) => limits.reserve(rulesFor(attempt), now),
    async succeeded(attempt, reservation) {
      await limits.release(reservation);
      if (attempt.knownDevice !== undefined) await limits.forget('login-device', attempt.knownDevice);
      else await limits.forget('login-pair', pairKey(usernameKey(attempt.username), attempt.client));
    },
    abandoned: (reservation) => limits.release(reservation),
    forgetName: (username) => limits.forget('login-name', usernameKey(username)),
  };
}
