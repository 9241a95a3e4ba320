// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { isAppError } from '../../src/domain/errors';
import { defineKey, onStorageChange } from '../../src/shared/storage/store';
import { profileKey, saveProfile } from '../../src/shared/storage/profile';
import { settingsKey } from '../../src/shared/storage/settings';
import { currentUserStatsKey, userStatsKey } from '../../src/features/games/storage/leaderboard';
import { chatLogsKey, appendChatLog } from '../../src/features/chat/storage/chatLogs';
import { usersKey, friendsKey } from '../../src/shared/people/usersStore';
import { aiSummaryKey } from '../../src/features/profile/storage/aiSummary';
import { steamIdKey } from '../../src/features/profile/storage/steamId';
import { accessTokenKey, refreshTokenKey } from '../../src/shared/storage/tokens';
import { activeUserId, ensureActiveUserId } from '../../src/shared/storage/session';
import { clearAppData, exportUserData, logOutStorage } from '../../src/shared/storage/appData';
import { emptyProfile } from '../../src/domain/profile';
import { profileHash, readSimilarityCache, writeSimilarityCache } from '../../src/shared/storage/similarityCache';
import { fullStorage } from '../support/failingStorage';
import { profileWith } from '../support/profiles';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

// docs/product.md §3's local profile with nothing filled in and no service connected.
const EMPTY_PROFILE = profileWith();

describe('safe store', () => {
  const counter = defineKey('counter', z.object({ n: z.number() }), () => ({ n: 0 }));

  it('gives the default when nothing is stored', () => {
    expect(counter.read()).toEqual({ n: 0 });
  });

  it('round-trips a valid value', () => {
    counter.write({ n: 3 });
    expect(localStorage.getItem('counter')).toBe('{"n":3}');
    expect(counter.read()).toEqual({ n: 3 });
  });

  it('moves unparsable JSON to <key>.corrupt and gives the default', () => {
    localStorage.setItem('counter', '{not json');
    expect(counter.read()).toEqual({ n: 0 });
    expect(localStorage.getItem('counter.corrupt')).toBe('{not json');
    expect(localStorage.getItem('counter')).toBeNull();
  });

  it('moves valid JSON of the wrong shape to <key>.corrupt and gives the default', () => {
    localStorage.setItem('counter', '{"n":"three"}');
    expect(counter.read()).toEqual({ n: 0 });
    expect(localStorage.getItem('counter.corrupt')).toBe('{"n":"three"}');
    expect(localStorage.getItem('counter')).toBeNull();
  });

  it('sets a bad value aside once: later reads give the default without warning again', () => {
    localStorage.setItem('counter', '[1,2]');
    counter.read();
    expect(counter.read()).toEqual({ n: 0 });
    expect(console.warn).toHaveBeenCalledTimes(1);
    expect(console.warn).toHaveBeenCalledWith('Stored value under "counter" was invalid; using the default and keeping it as "counter.corrupt".');
  });

  it('leaves a bad value in place when storage is too full to copy it aside', () => {
    const items = new Map([['counter', '{not json']]);
    const full = {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
      removeItem: (key: string) => void items.delete(key),
      key: () => null,
      length: 1,
      clear: () => undefined,
    } satisfies Storage;
    vi.stubGlobal('localStorage', full);
    try {
      expect(counter.read()).toEqual({ n: 0 });
    } finally {
      vi.unstubAllGlobals();
    }
    expect(items.get('counter')).toBe('{not json');
  });

  it('a text key keeps any string as is', () => {
    const note = defineKey('note', z.string(), () => '', { codec: 'text' });
    localStorage.setItem('note', '{not json');
    expect(note.read()).toBe('{not json');
    note.write('plain');
    expect(localStorage.getItem('note')).toBe('plain');
  });

  it('reports a full quota as a typed STORAGE_FULL error', () => {
    vi.stubGlobal('localStorage', fullStorage());
    let caught: unknown;
    try {
      counter.write({ n: 1 });
    } catch (error) {
      caught = error;
    } finally {
      vi.unstubAllGlobals();
    }
    expect(isAppError(caught, 'STORAGE_FULL')).toBe(true);
  });

  it('tells subscribers about same-tab writes and other tabs\' storage events', () => {
    const heard = vi.fn();
    const stop = counter.subscribe(heard);
    counter.write({ n: 2 });
    expect(heard).toHaveBeenCalledTimes(1);
    window.dispatchEvent(new StorageEvent('storage', { key: 'counter' }));
    expect(heard).toHaveBeenCalledTimes(2);
    window.dispatchEvent(new StorageEvent('storage', { key: 'something_else' }));
    expect(heard).toHaveBeenCalledTimes(2);
    stop();
    counter.write({ n: 4 });
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it('listens to the window only while someone here listens, once however many do', () => {
    const added = vi.spyOn(window, 'addEventListener');
    const removed = vi.spyOn(window, 'removeEventListener');
    const first = onStorageChange(() => undefined);
    const second = onStorageChange(() => undefined);
    expect(added.mock.calls.filter(([type]) => type === 'storage')).toHaveLength(1);
    first();
    expect(removed.mock.calls.filter(([type]) => type === 'storage')).toHaveLength(0);
    second();
    expect(removed.mock.calls.filter(([type]) => type === 'storage')).toHaveLength(1);
    const again = onStorageChange(() => undefined);
    expect(added.mock.calls.filter(([type]) => type === 'storage')).toHaveLength(2);
    again();
    vi.restoreAllMocks();
  });

  it('hears a whole-area clear from another tab (key null)', () => {
    const heard = vi.fn();
    const stop = onStorageChange(heard);
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(heard).toHaveBeenCalledWith(null);
    stop();
  });
});

describe('key modules and their defaults', () => {
  it('uses docs/product.md key names and defaults', () => {
    expect(profileKey.key).toBe('user_profile');
    expect(profileKey.read()).toEqual(EMPTY_PROFILE);
    expect(settingsKey.key).toBe('user_settings');
    expect(settingsKey.read()).toEqual({ theme: 'dark', profileVisibility: 'public', notifications: true, soundEffects: true, showOnlineStatus: true });
    expect(currentUserStatsKey.key).toBe('user_leaderboard_stats');
    expect(currentUserStatsKey.read()).toEqual({ totalPoints: 1250, gamesPlayed: 12, hotTakesScore: 850, friendsCount: 3, winRate: 65, streak: 5 });
    expect(userStatsKey('user-7').key).toBe('leaderboard_stats_user-7');
    expect(userStatsKey('user-7').read()).toBeNull();
    expect(chatLogsKey('hottakes').key).toBe('hottakes_chat_logs');
    expect(chatLogsKey('inventorydrop').key).toBe('inventorydrop_chat_logs');
    expect(usersKey.key).toBe('mycelius_users');
    expect(friendsKey.key).toBe('mycelius_friends');
    expect(aiSummaryKey.key).toBe('ai_profile_summary');
    expect(steamIdKey.key).toBe('steam_id');
    expect(accessTokenKey('spotify').key).toBe('spotify_access_token');
    expect(refreshTokenKey('trakt').key).toBe('trakt_refresh_token');
  });

  it('accepts an older profile that lacks newer fields', () => {
    localStorage.setItem('user_profile', JSON.stringify({ username: 'ana', hobbies: 'climbing' }));
    expect(profileKey.read()).toEqual({ ...EMPTY_PROFILE, username: 'ana', hobbies: 'climbing' });
  });

  it('stores the bio and tokens as plain text', () => {
    aiSummaryKey.write('A bio.');
    accessTokenKey('spotify').write('tok');
    expect(localStorage.getItem('ai_profile_summary')).toBe('A bio.');
    expect(localStorage.getItem('spotify_access_token')).toBe('tok');
  });

  it('keeps the active user id for the session', () => {
    expect(activeUserId()).toBe('user-current');
    ensureActiveUserId();
    expect(sessionStorage.getItem('activeUserId')).toBe('user-current');
  });

  it('keeps 10 chat logs per game, newest first', () => {
    for (let i = 1; i <= 12; i += 1) {
      appendChatLog('emojistory', { id: String(i), timestamp: new Date(i).toISOString(), messages: [], summary: `s${i}` });
    }
    const logs = chatLogsKey('emojistory').read();
    expect(logs.map((l) => l.id)).toEqual(['12', '11', '10', '9', '8', '7', '6', '5', '4', '3']);
  });

  it('clears the similarity cache whenever the profile is saved', () => {
    const profile = { ...emptyProfile(), username: 'ana' };
    writeSimilarityCache(profile, { bob: 80 }, 1000);
    expect(readSimilarityCache(profile, 2000)).toEqual({ bob: 80 });
    saveProfile({ ...profile, hobbies: 'chess' });
    expect(Object.keys(localStorage).filter((k) => k.startsWith('similarity_cache_'))).toEqual([]);
  });

  it('expires similarity cache entries after one hour', () => {
    const profile = emptyProfile();
    writeSimilarityCache(profile, { bob: 80 }, 0);
    expect(readSimilarityCache(profile, 3_599_999)).toEqual({ bob: 80 });
    expect(readSimilarityCache(profile, 3_600_000)).toBeNull();
    expect(localStorage.getItem(`similarity_cache_${profileHash(profile)}`)).not.toBeNull();
  });
});

describe('clear, log out, export', () => {
  beforeEach(() => {
    for (const k of ['spotify_access_token', 'spotify_refresh_token', 'trakt_access_token', 'trakt_refresh_token']) localStorage.setItem(k, `${k}-v`);
    localStorage.setItem('user_profile', JSON.stringify({ ...emptyProfile(), username: 'ana' }));
    localStorage.setItem('user_settings', JSON.stringify({ theme: 'light', profileVisibility: 'private', notifications: false, soundEffects: false, showOnlineStatus: false }));
    sessionStorage.setItem('activeUserId', 'user-current');
  });

  it('Clear App Data keeps the four service tokens and resets settings to defaults', () => {
    clearAppData();
    expect(Object.keys(localStorage).sort()).toEqual(['spotify_access_token', 'spotify_refresh_token', 'trakt_access_token', 'trakt_refresh_token']);
    expect(settingsKey.read().theme).toBe('dark');
  });

  it('Log Out removes the service tokens and clears session storage', () => {
    logOutStorage();
    expect(localStorage.getItem('spotify_access_token')).toBeNull();
    expect(localStorage.getItem('trakt_refresh_token')).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.getItem('user_profile')).not.toBeNull();
  });

  it('exports everything but tokens', () => {
    const exported = exportUserData() as { data: Record<string, unknown> };
    expect(Object.keys(exported.data).sort()).toEqual(['user_profile', 'user_settings']);
    expect(JSON.stringify(exported)).not.toContain('access_token-v');
  });
});
