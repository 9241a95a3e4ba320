import { MEMBER_HINT_COOKIE } from '../../domain/memberHintCookie';

/**
 * Whether this browser may hold a member's session: the server sets a readable hint cookie with the
 * (unreadable, httpOnly) session cookie and clears both together. Without it the browser is a guest's,
 * and asking the server could only answer 401.
 */
export function mayHoldSession(): boolean {
  return document.cookie.split(';').some((part) => part.trim() === `${MEMBER_HINT_COOKIE}=1`);
}
