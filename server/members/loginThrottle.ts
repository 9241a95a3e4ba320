import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MINUTES } from '../../src/domain/memberContract';

// Log-in throttle: after 5 failed log-ins for one username, or from one client, within 15 minutes,
// further attempts are refused until the oldest of those failures is 15 minutes old. A success
// forgets only that client's failures on that name, so a member logging in from home does not
// clear what an attacker's address has built up (and an attacker cannot clear the member's).
// Kept in memory: one server process per database in this deployment; counts restart with it.

const WINDOW_MS = LOGIN_WINDOW_MINUTES * 60 * 1000;

interface Failure {
  username: string;
  client: string;
  at: number;
}

export interface LoginThrottle {
  /** Seconds until an attempt is allowed again, or 0 when it is allowed now. */
  retryAfterSeconds(username: string, client: string, now: number): number;
  recordFailure(username: string, client: string, now: number): void;
  recordSuccess(username: string, client: string): void;
}

export function createLoginThrottle(): LoginThrottle {
  let failures: Failure[] = [];

  function forgetOld(now: number) {
    failures = failures.filter((f) => now - f.at < WINDOW_MS);
  }

  function waitFor(matching: Failure[], now: number): number {
    if (matching.length < LOGIN_MAX_FAILURES) return 0;
    // Allowed again once enough of them have aged out to leave fewer than the limit.
    const freeing = matching[matching.length - LOGIN_MAX_FAILURES];
    return freeing ? Math.max(1, Math.ceil((freeing.at + WINDOW_MS - now) / 1000)) : 0;
  }

  return {
    retryAfterSeconds(username, client, now) {
      forgetOld(now);
      const name = username.trim().toLowerCase();
      return Math.max(
        waitFor(failures.filter((f) => f.username === name), now),
        waitFor(failures.filter((f) => f.client === client), now),
      );
    },
    recordFailure(username, client, now) {
      failures.push({ username: username.trim().toLowerCase(), client, at: now });
    },
    recordSuccess(username, client) {
      const name = username.trim().toLowerCase();
      failures = failures.filter((f) => !(f.username === name && f.client === client));
    },
  };
}
