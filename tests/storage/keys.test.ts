// @vitest-environment happy-dom
// The store's edges (storage that throws, quota errors by their several names, prefixes, areas) and the
// key modules' observable behaviour, against the contract's keys and values (docs/product.md).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { isAppError } from '../../src/domain/errors';
import { emptyProfile } from '../../src/domain/profile';
import { clearAppData, exportUserData, logOutStorage } from '../../src/shared/storage/appData';
import { activeUserId, ensureActiveUserId } from '../../src/shared/storage/session';
import { clearSimilarityCache, profileHash, readSimilarityCache, writeSimilarityCache } from '../../src/shared/storage/similarityCache';
import { steamIdKey } from '../../src/features/profile/storage/steamId';
import { defineKey, defineKeyFamily, keysWithPrefix, onStorageChange, readRaw, removeRaw, writeRaw } from '../../src/shared/storage/store';
import { accessTokenKey, oauthStateKey, pkceVerifierKey, refreshTokenKey } from '../../src/shared/storage/tokens';
import { friendsKey, usersKey } from '../../src/shared/people/usersStore';
import { storageFailingWith } from '../support/failingStorage';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => vi.unstubAllGlobals());

function caughtFrom(run: () => void): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('writing into a full storage', () => {
  const counter = defineKey('counter', z.number(), () => 0);

  it.each([
    ['QuotaExceededError by name', new DOMException('full', 'QuotaExceededError')],
    ["Firefox's NS_ERROR_DOM_QUOTA_REACHED", Object.assign(new Error('full'), { name: 'NS_ERROR_DOM_QUOTA_REACHED' })],
    ['legacy code 22', Object.assign(new Error('full'), { code: 22 })],
    ['legacy code 1014', Object.assign(new Error('full'), { code: 1014 })],
  ])('%s is the typed STORAGE_FULL error', (_name, failure) => {
    vi.stubGlobal('localStorage', storageFailingWith(failure));
    expect(isAppError(caughtFrom(() => counter.write(1)), 'STORAGE_FULL')).toBe(true);
  });

  it('any other failure is passed on unchanged', () => {
    const other = new Error('disk on fire');
    vi.stubGlobal('localStorage', storageFailingWith(other));
    expect(caughtFrom(() => counter.write(1))).toBe(other);
  });

  it('a thrown non-error value is passed on, not taken for a quota error', () => {
    vi.stubGlobal('localStorage', storageFailingWith({ name: 'QuotaExceededError' }));
    expect(caughtFrom(() => counter.write(1))).toEqual({ name: 'QuotaExceededError' });
  });

  it('nobody hears about a write that failed', () => {
    const heard = vi.fn();
    const stop = onStorageChange(heard);
    vi.stubGlobal('localStorage', storageFailingWith(new DOMException('full', 'QuotaExceededError')));
    caughtFrom(() => counter.write(1));
    stop();
    expect(heard).not.toHaveBeenCalled();
  });
});

describe('storage that cannot be used at all', () => {
  it('a read that throws gives the default', () => {
    vi.stubGlobal('localStorage', storageFailingWith(new Error('x'), { getItem: () => { throw new Error('denied'); } }));
    expect(readRaw('anything')).toBeNull();
    expect(defineKey('n', z.number(), () => 7).read()).toBe(7);
  });

  it('an area that throws on access reads as empty and ignores writes and removals', () => {
    const original = Object.getOwnPropertyDescriptor(globalThis, 'localStorage')!;
    Object.defineProperty(globalThis, 'localStorage', { configurable: true, get: () => { throw new Error('blocked'); } });
    try {
      expect(readRaw('k')).toBeNull();
      expect(() => writeRaw('k', 'v')).not.toThrow();
      expect(() => removeRaw('k')).not.toThrow();
      expect(keysWithPrefix('k')).toEqual([]);
    } finally {
      Object.defineProperty(globalThis, 'localStorage', original);
    }
  });

  it('a removal that throws is ignored and not announced', () => {
    const heard = vi.fn();
    const stop = onStorageChange(heard);
    vi.stubGlobal('localStorage', storageFailingWith(new Error('x'), { removeItem: () => { throw new Error('denied'); } }));
    expect(() => removeRaw('k')).not.toThrow();
    stop();
    expect(heard).not.toHaveBeenCalled();
  });
});

describe('raw helpers', () => {
  it('removing a key announces it to listeners', () => {
    const heard = vi.fn();
    const stop = onStorageChange(heard);
    localStorage.setItem('a', '1');
    removeRaw('a');
    stop();
    expect(heard).toHaveBeenCalledWith('a');
    expect(localStorage.getItem('a')).toBeNull();
  });

  it('lists only the keys that start with the prefix, in the asked area', () => {
    localStorage.setItem('similarity_cache_1', '{}');
    localStorage.setItem('x_similarity_cache_2', '{}');
    localStorage.setItem('similarity_cache_3', '{}');
    sessionStorage.setItem('similarity_cache_4', '{}');
    expect(keysWithPrefix('similarity_cache_').sort()).toEqual(['similarity_cache_1', 'similarity_cache_3']);
    expect(keysWithPrefix('similarity_cache_', 'session')).toEqual(['similarity_cache_4']);
  });

  it('a key subscriber hears a whole-area clear and writes to its own key only', () => {
    const counter = defineKey('counter', z.number(), () => 0);
    const heard = vi.fn();
    const stop = counter.subscribe(heard);
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    writeRaw('other', '1');
    stop();
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('refuses to write a value its schema rejects, leaving storage as it was', () => {
    const counter = defineKey('counter', z.number().int(), () => 0);
    counter.write(2);
    expect(() => counter.write(2.5)).toThrow();
    expect(localStorage.getItem('counter')).toBe('2');
  });

  it('a key family joins prefix and suffix', () => {
    const stats = defineKeyFamily('leaderboard_stats_', z.number(), () => 0);
    stats('user-3').write(5);
    expect(localStorage.getItem('leaderboard_stats_user-3')).toBe('5');
    expect(stats('user-4').read()).toBe(0);
  });

  it('a session key lives in sessionStorage only', () => {
    oauthStateKey('spotify').write('st');
    pkceVerifierKey('trakt').write('ver');
    expect(sessionStorage.getItem('oauth_state_spotify')).toBe('st');
    expect(sessionStorage.getItem('pkce_verifier_trakt')).toBe('ver');
    expect(localStorage.length).toBe(0);
  });
});

describe('defaults and areas', () => {
  it('every token key reads as empty text when nothing is stored', () => {
    expect([accessTokenKey('spotify'), refreshTokenKey('trakt'), oauthStateKey('spotify'), pkceVerifierKey('trakt')].map((key) => key.read())).toEqual(['', '', '', '']);
  });

  it('the users and friends lists read as empty when nothing is stored', () => {
    expect(usersKey.read()).toEqual([]);
    expect(friendsKey.read()).toEqual([]);
  });

  it('raw reads and writes use localStorage unless told otherwise', () => {
    writeRaw('k', 'v');
    expect(localStorage.getItem('k')).toBe('v');
    expect(sessionStorage.getItem('k')).toBeNull();
    sessionStorage.setItem('s', 'session value');
    expect(readRaw('s')).toBeNull();
    expect(readRaw('s', 'session')).toBe('session value');
  });

  it('a full quota error keeps the browser error as its cause', () => {
    const full = new DOMException('full', 'QuotaExceededError');
    vi.stubGlobal('localStorage', storageFailingWith(full));
    expect(caughtFrom(() => writeRaw('k', 'v'))).toMatchObject({ code: 'STORAGE_FULL', cause: full });
  });

  it('a JSON key sets aside text that is not JSON even when its schema accepts strings', () => {
    const name = defineKey('name', z.string(), () => 'default');
    localStorage.setItem('name', 'plain text');
    expect(name.read()).toBe('default');
    expect(localStorage.getItem('name.corrupt')).toBe('plain text');
  });

  it("other tabs' changes reach each listener once, however many listen", () => {
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = onStorageChange(first);
    const stopSecond = onStorageChange(second);
    window.dispatchEvent(new StorageEvent('storage', { key: 'user_profile' }));
    stopFirst();
    stopSecond();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });
});

describe('steam_id', () => {
  it('keeps a 17-digit id and sets anything else aside', () => {
    steamIdKey.write('76561197960287930');
    expect(steamIdKey.read()).toBe('76561197960287930');
    localStorage.setItem('steam_id', '7656119796028793');
    expect(steamIdKey.read()).toBe('');
    expect(localStorage.getItem('steam_id.corrupt')).toBe('7656119796028793');
  });
});

describe('active user id (session)', () => {
  it('is user-current when none or a blank one is stored', () => {
    expect(activeUserId()).toBe('user-current');
    sessionStorage.setItem('activeUserId', '   ');
    expect(activeUserId()).toBe('user-current');
  });

  it('keeps a stored id', () => {
    sessionStorage.setItem('activeUserId', 'user-9');
    expect(ensureActiveUserId()).toBe('user-9');
    expect(sessionStorage.getItem('activeUserId')).toBe('user-9');
  });

  it('still answers when the session store is full', () => {
    vi.stubGlobal('sessionStorage', storageFailingWith(new DOMException('full', 'QuotaExceededError')));
    expect(ensureActiveUserId()).toBe('user-current');
  });
});

describe('similarity cache', () => {
  const profile = { ...emptyProfile(), username: 'ana' };

  it('is stored under similarity_cache_<16 hex digits> as {timestamp, scores}', () => {
    writeSimilarityCache(profile, { bob: 80 }, 1000);
    const keys = Object.keys(localStorage);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^similarity_cache_[0-9a-f]{16}$/);
    expect(JSON.parse(localStorage.getItem(keys[0]!)!)).toEqual({ timestamp: 1000, scores: { bob: 80 } });
  });

  it('the hash is 16 hex digits for any profile and differs between the three service flags', () => {
    const base = emptyProfile();
    const hashes = (['spotify', 'trakt', 'steam'] as const).map((service) => profileHash({ ...base, connectedServices: { ...base.connectedServices, [service]: true } }));
    for (const hash of [...hashes, profileHash(base)]) expect(hash).toMatch(/^[0-9a-f]{16}$/);
    expect(new Set([...hashes, profileHash(base)]).size).toBe(4);
  });

  it('gives nothing for an entry written in the future (a clock set back)', () => {
    writeSimilarityCache(profile, { bob: 80 }, 5000);
    expect(readSimilarityCache(profile, 4999)).toBeNull();
    expect(readSimilarityCache(profile, 5000)).toEqual({ bob: 80 });
  });

  it('clearing removes every cache entry and nothing else', () => {
    writeSimilarityCache(profile, { bob: 80 }, 0);
    writeSimilarityCache(emptyProfile(), { cy: 10 }, 0);
    localStorage.setItem('user_settings', '{}');
    clearSimilarityCache();
    expect(Object.keys(localStorage)).toEqual(['user_settings']);
  });
});

describe('Clear App Data, Log Out and the export', () => {
  beforeEach(() => {
    for (const key of ['spotify_access_token', 'spotify_refresh_token', 'trakt_access_token', 'trakt_refresh_token']) localStorage.setItem(key, `${key}-v`);
    localStorage.setItem('ai_profile_summary', 'A bio, not JSON.');
    localStorage.setItem('user_profile', JSON.stringify({ username: 'ana' }));
    localStorage.setItem('mycelius_friends', '[]');
  });

  it('Clear App Data leaves the four tokens with their values', () => {
    clearAppData();
    expect(Object.fromEntries(Object.keys(localStorage).map((key) => [key, localStorage.getItem(key)]))).toEqual({
      spotify_access_token: 'spotify_access_token-v',
      spotify_refresh_token: 'spotify_refresh_token-v',
      trakt_access_token: 'trakt_access_token-v',
      trakt_refresh_token: 'trakt_refresh_token-v',
    });
  });

  it('Log Out removes exactly the four tokens', () => {
    logOutStorage();
    expect(Object.keys(localStorage).sort()).toEqual(['ai_profile_summary', 'mycelius_friends', 'user_profile']);
  });

  it('Log Out still removes the tokens when the session store cannot be cleared', () => {
    vi.stubGlobal('sessionStorage', storageFailingWith(new Error('x'), { clear: () => { throw new Error('denied'); } }));
    expect(() => logOutStorage()).not.toThrow();
    expect(localStorage.getItem('spotify_access_token')).toBeNull();
  });

  it('the export holds the time, user-current and every non-token key, JSON parsed and text kept as text', () => {
    vi.useFakeTimers({ now: new Date('2026-01-02T03:04:05.000Z') });
    try {
      expect(exportUserData()).toEqual({
        exportedAt: '2026-01-02T03:04:05.000Z',
        userId: 'user-current',
        data: { ai_profile_summary: 'A bio, not JSON.', mycelius_friends: [], user_profile: { username: 'ana' } },
      });
      expect(Object.keys((exportUserData() as { data: object }).data)).toEqual(['ai_profile_summary', 'mycelius_friends', 'user_profile']);
    } finally {
      vi.useRealTimers();
    }
  });
});
