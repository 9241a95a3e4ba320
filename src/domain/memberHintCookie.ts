// Apart from the members contract (memberContract.ts re-exports it) because the first screen reads this
// cookie's name to tell a member's browser, and that contract's schemas would bring zod along.

/**
 * Set and cleared with the session cookie, but readable by the page and holding nothing secret ('1'): it
 * tells the app whether asking the server for the session is worth it, so a guest's pages never make a
 * request that can only answer 401.
 */
export const MEMBER_HINT_COOKIE = 'mycelius_member';
