// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { mayHoldSession } from '../../src/shared/session/memberHint';
import { isReturningVisitor } from '../../src/features/session/services/returningVisitor';

// The server sets the readable hint cookie 'mycelius_member=1' with a member's session and clears both
// together; without it the browser is a guest's. A returning visitor (a member, or a guest whose profile
// is complete enough for Discover) skips the splash.

function clearCookies() {
  for (const name of ['mycelius_member', 'xmycelius_member', 'other']) document.cookie = `${name}=; path=/; max-age=0`;
}

afterEach(() => {
  clearCookies();
  localStorage.clear();
});

describe('mayHoldSession', () => {
  it('is false without the hint cookie', () => {
    expect(mayHoldSession()).toBe(false);
  });

  it('is true with the hint cookie, wherever it is in the list', () => {
    document.cookie = 'other=1; path=/';
    document.cookie = 'mycelius_member=1; path=/';
    expect(document.cookie).toContain('; mycelius_member=1');
    expect(mayHoldSession()).toBe(true);
  });

  it('needs exactly that cookie with the value 1', () => {
    document.cookie = 'mycelius_member=0; path=/';
    expect(mayHoldSession()).toBe(false);
    clearCookies();
    document.cookie = 'xmycelius_member=1; path=/';
    expect(mayHoldSession()).toBe(false);
  });
});

describe('isReturningVisitor', () => {
  const complete = { username: 'ana', hobbies: 'climbing', musicGenres: ['Jazz'], favoriteGames: [], favoriteShows: [] };

  it('is a member\'s browser, by the hint cookie alone', () => {
    document.cookie = 'mycelius_member=1; path=/';
    expect(isReturningVisitor()).toBe(true);
  });

  it('is a guest whose profile has a name, hobbies and something they like', () => {
    expect(isReturningVisitor()).toBe(false);
    localStorage.setItem('user_profile', JSON.stringify(complete));
    expect(isReturningVisitor()).toBe(true);
  });

  it('is not a guest whose profile lacks any of them', () => {
    for (const partial of [{ ...complete, username: ' ' }, { ...complete, hobbies: '' }, { ...complete, musicGenres: [] }]) {
      localStorage.setItem('user_profile', JSON.stringify(partial));
      expect(isReturningVisitor()).toBe(false);
    }
  });
});
