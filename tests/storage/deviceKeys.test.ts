// @vitest-environment happy-dom
// What the device keeps, under the names docs/product.md's storage table gives them: a member's data
// forgotten on Log Out, a sample friend's chat, the OAuth round trip's keys, the sign-up name and the
// cached match breakdowns. Every key below is written out as the contract spells it.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loadFriendChat, saveFriendChat } from '../../src/features/chat/storage/friendChat';
import { tasteOfferPendingKey } from '../../src/features/profile/storage/tasteOffer';
import { forgetMemberData } from '../../src/shared/storage/appData';
import { isMemberDeviceKey } from '../../src/shared/storage/ownedKeys';
import { keepSignUpUsername, loadProfile } from '../../src/shared/storage/profile';
import { ensureActiveUserId } from '../../src/shared/storage/session';
import { readSimilarityBreakdowns, readSimilarityCache, writeSimilarityCache } from '../../src/shared/storage/similarityCache';
import { accessTokenKey, oauthOriginKey, oauthStateKey, pkceVerifierKey, refreshTokenKey } from '../../src/shared/storage/tokens';
import { profileWith, storedProfileJson } from '../support/profiles';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

const HOUR_MS = 60 * 60 * 1000;

function message(n: number) {
  return { id: `m${n}`, text: `message ${n}`, sender: n % 2 === 0 ? 'user' : 'RiffLord', timestamp: '2026-11-28T01:00:00.000Z', type: 'text' as const };
}

describe("a member's Log Out forgets everything of theirs on the device", () => {
  const THEIRS = [
    'user_profile',
    'ai_profile_summary',
    'similarity_cache_0123456789abcdef',
    'mycelius_users',
    'mycelius_friends',
    'user_leaderboard_stats',
    'leaderboard_stats_user-3',
    'hottakes_chat_logs',
    'friend_chat_user-4',
    'steam_id',
    'steam_account',
    'spotify_access_token',
    'spotify_refresh_token',
    'trakt_access_token',
    'trakt_refresh_token',
    'member_profile_sync',
    'member_stats',
    'member_pending_results',
    'mycelius_outbox_7f1c',
    'member_stats.corrupt',
  ];

  it('removes every key of theirs and session storage, and keeps the settings and what other apps keep', () => {
    for (const key of THEIRS) localStorage.setItem(key, '"x"');
    localStorage.setItem('user_settings', '{"theme":"light"}');
    localStorage.setItem('user_settings.corrupt', 'broken');
    localStorage.setItem('another_app', 'theirs');
    localStorage.setItem('mycelius_outbox_', 'a bare prefix is no member key');
    sessionStorage.setItem('activeUserId', 'user-1');

    forgetMemberData();

    expect(Object.keys(localStorage).sort()).toEqual(['another_app', 'mycelius_outbox_', 'user_settings', 'user_settings.corrupt']);
    expect(localStorage.getItem('user_settings')).toBe('{"theme":"light"}');
    expect(sessionStorage.length).toBe(0);
  });

  it('knows the keys only a member device has, and their set-aside copies', () => {
    for (const key of ['member_profile_sync', 'member_stats', 'member_pending_results', 'mycelius_outbox_7f1c', 'member_pending_results.corrupt']) {
      expect(isMemberDeviceKey(key), key).toBe(true);
    }
    for (const key of ['mycelius_outbox_', 'user_profile', 'member', 'another_app', 'xmember_stats', 'mycelius_outbox']) {
      expect(isMemberDeviceKey(key), key).toBe(false);
    }
  });
});

describe("a sample friend's chat (friend_chat_<friendId>)", () => {
  it('comes back as it was left, per friend, and starts empty for a friend never talked to', () => {
    saveFriendChat('user-4', [message(1), message(2)]);
    expect(JSON.parse(localStorage.getItem('friend_chat_user-4') ?? 'null')).toEqual([message(1), message(2)]);
    expect(loadFriendChat('user-4')).toEqual([message(1), message(2)]);
    expect(loadFriendChat('user-5')).toEqual([]);
  });

  it('keeps the newest 200 messages', () => {
    saveFriendChat('user-4', Array.from({ length: 203 }, (_, i) => message(i + 1)));
    const kept = loadFriendChat('user-4');
    expect(kept).toHaveLength(200);
    expect(kept[0]?.id).toBe('m4');
    expect(kept.at(-1)?.id).toBe('m203');
  });
});

describe('the OAuth round trip and the service tokens', () => {
  it('keeps the tokens as text under the contract names in local storage', () => {
    accessTokenKey('spotify').write('sp-access');
    refreshTokenKey('spotify').write('sp-refresh');
    accessTokenKey('trakt').write('tr-access');
    refreshTokenKey('trakt').write('tr-refresh');
    expect([localStorage.getItem('spotify_access_token'), localStorage.getItem('spotify_refresh_token')]).toEqual(['sp-access', 'sp-refresh']);
    expect([localStorage.getItem('trakt_access_token'), localStorage.getItem('trakt_refresh_token')]).toEqual(['tr-access', 'tr-refresh']);
  });

  it('keeps the state, the PKCE verifier and the start screen in session storage only', () => {
    oauthStateKey('trakt').write('state-1');
    pkceVerifierKey('spotify').write('verifier-1');
    oauthOriginKey('spotify').write('/connections');
    expect(sessionStorage.getItem('oauth_state_trakt')).toBe('state-1');
    expect(sessionStorage.getItem('pkce_verifier_spotify')).toBe('verifier-1');
    expect(sessionStorage.getItem('oauth_origin_spotify')).toBe('/connections');
    expect(localStorage.length).toBe(0);
  });

  it('reads an unknown start screen as /profile', () => {
    expect(oauthOriginKey('trakt').read()).toBe('/profile');
    sessionStorage.setItem('oauth_origin_trakt', '/elsewhere');
    expect(oauthOriginKey('trakt').read()).toBe('/profile');
  });

  it("marks a service whose taste is still to be offered in session storage (taste_offer_<service>)", () => {
    expect(tasteOfferPendingKey('steam').read()).toBe(false);
    tasteOfferPendingKey('steam').write(true);
    expect(sessionStorage.getItem('taste_offer_steam')).toBe('true');
  });

  it('keeps the active user id for the session (activeUserId)', () => {
    sessionStorage.setItem('activeUserId', 'user-9');
    expect(ensureActiveUserId()).toBe('user-9');
    sessionStorage.clear();
    expect(ensureActiveUserId()).toBe('user-current');
    expect(sessionStorage.getItem('activeUserId')).toBe('user-current');
  });
});

describe('the name typed at sign-up', () => {
  it("becomes a guest's profile name, trimmed, and drops the cached scores as any profile change does", () => {
    writeSimilarityCache(profileWith(), { RiffLord: 80 }, 1_000);
    keepSignUpUsername('  nova  ');
    expect(loadProfile().username).toBe('nova');
    expect(Object.keys(localStorage).filter((key) => key.startsWith('similarity_cache_'))).toEqual([]);
  });

  it('leaves a name already chosen, and ignores a blank one', () => {
    localStorage.setItem('user_profile', storedProfileJson({ username: 'kai' }));
    keepSignUpUsername('nova');
    expect(loadProfile().username).toBe('kai');
    localStorage.clear();
    keepSignUpUsername('   ');
    expect(localStorage.getItem('user_profile')).toBeNull();
  });
});

describe('cached match breakdowns', () => {
  const breakdown = {
    music: { points: 40, items: ['Metal'] },
    games: { points: 20, items: [] },
    shows: { points: 10, items: [] },
    hobbies: { points: 10, items: [] },
  };

  it('come back with the scores while they are fresh (under an hour), and not after', () => {
    const profile = profileWith({ username: 'nova' });
    writeSimilarityCache(profile, { RiffLord: 80 }, 1_000, { RiffLord: breakdown });
    expect(readSimilarityBreakdowns(profile, 1_000 + HOUR_MS - 1)).toEqual({ RiffLord: breakdown });
    expect(readSimilarityBreakdowns(profile, 1_000 + HOUR_MS)).toEqual({});
  });

  it('are left out of the stored entry when there are none', () => {
    const profile = profileWith({ username: 'nova' });
    writeSimilarityCache(profile, { RiffLord: 80 }, 1_000, {});
    const stored = Object.entries(localStorage).find(([key]) => key.startsWith('similarity_cache_'));
    expect(JSON.parse(stored?.[1] ?? 'null')).toEqual({ timestamp: 1_000, scores: { RiffLord: 80 } });
    expect(readSimilarityBreakdowns(profile, 1_000)).toEqual({});
    expect(readSimilarityCache(profile, 1_000)).toEqual({ RiffLord: 80 });
  });

  it('belong to the taste they were computed for: connected taste changes the key', () => {
    const plain = profileWith({ username: 'nova' });
    writeSimilarityCache(plain, { RiffLord: 80 }, 1_000, { RiffLord: breakdown });
    const connected = profileWith({ username: 'nova', connectedTaste: { spotifyGenres: ['metal'] } });
    expect(readSimilarityBreakdowns(connected, 1_000)).toEqual({});
  });
});
