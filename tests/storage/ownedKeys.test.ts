import { describe, expect, it } from 'vitest';
import { isOwnedLocalKey } from '../../src/shared/storage/ownedKeys';

// The local-storage keys Mycelius owns (docs/product.md): Clear App Data and Download my data
// touch these and nothing another app keeps on the same origin.

describe('isOwnedLocalKey', () => {
  it('owns the contract\'s keys, every game\'s chat logs and the service tokens', () => {
    for (const key of [
      'user_profile',
      'ai_profile_summary',
      'steam_id',
      'steam_account',
      'mycelius_users',
      'mycelius_friends',
      'user_settings',
      'user_leaderboard_stats',
      'hottakes_chat_logs',
      'inventorydrop_chat_logs',
      'patchnotes_chat_logs',
      'spotify_access_token',
      'spotify_refresh_token',
      'trakt_access_token',
      'trakt_refresh_token',
    ]) {
      expect(isOwnedLocalKey(key), key).toBe(true);
    }
  });

  it('owns the per-user families, but not their bare prefix', () => {
    expect(isOwnedLocalKey('similarity_cache_abc')).toBe(true);
    expect(isOwnedLocalKey('leaderboard_stats_user-3')).toBe(true);
    expect(isOwnedLocalKey('friend_chat_user-4')).toBe(true);
    expect(isOwnedLocalKey('similarity_cache_')).toBe(false);
    expect(isOwnedLocalKey('leaderboard_stats_')).toBe(false);
    expect(isOwnedLocalKey('friend_chat_')).toBe(false);
  });

  it('owns the copy a damaged value was set aside as', () => {
    expect(isOwnedLocalKey('user_profile.corrupt')).toBe(true);
    expect(isOwnedLocalKey('friend_chat_user-4.corrupt')).toBe(true);
    expect(isOwnedLocalKey('other-app.corrupt')).toBe(false);
    expect(isOwnedLocalKey('user_profile.corrupt.corrupt')).toBe(false);
  });

  it('leaves other apps\' keys alone, even when they look alike', () => {
    for (const key of ['token', 'other-app:cart', 'user_profile_v2', 'xuser_profile', 'chess_chat_logs', 'github_access_token', 'my_similarity_cache_abc', '']) {
      expect(isOwnedLocalKey(key), key).toBe(false);
    }
  });
});
