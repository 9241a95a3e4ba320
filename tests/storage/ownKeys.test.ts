// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { clearAppData, exportUserData, logOutStorage } from '../../src/shared/storage/appData';

// Another app on the same origin (a dev server on the same port, a shared host) keeps its own keys in
// the same local storage: Clear App Data, Log Out and Download my data must leave them alone. (Log Out
// clears session storage as a whole: docs/product.md says so.)

const FOREIGN_LOCAL = { 'other-app:cart': '["socks"]', token: 'someone-elses', user_profile_v2: '{"x":1}', similarity_cache_: 'bare prefix' };
const FOREIGN_SESSION = { 'other-app:step': '3', oauth_state_github: 'xyz' };

const OURS = {
  user_profile: '{"username":"ana"}',
  ai_profile_summary: 'A bio.',
  steam_id: '76561198000000001',
  steam_account: '{"steamId":"76561198000000001","personaName":"MyceliusDemo"}',
  mycelius_users: '[]',
  mycelius_friends: '[]',
  user_settings: '{"theme":"light"}',
  user_leaderboard_stats: '{}',
  leaderboard_stats_user3: 'null',
  similarity_cache_abc: '{"timestamp":1,"scores":{}}',
  hottakes_chat_logs: '[]',
  emojistory_chat_logs: '[]',
  inventorydrop_chat_logs: '[]',
  'user_profile.corrupt': 'not json',
};
const TOKENS = {
  spotify_access_token: 'sa',
  spotify_refresh_token: 'sr',
  trakt_access_token: 'ta',
  trakt_refresh_token: 'tr',
};

function fill(storage: Storage, entries: Record<string, string>) {
  for (const [key, value] of Object.entries(entries)) storage.setItem(key, value);
}

function contents(storage: Storage): Record<string, string> {
  return Object.fromEntries(Object.keys(storage).map((key) => [key, storage.getItem(key) ?? '']));
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  fill(localStorage, { ...FOREIGN_LOCAL, ...OURS, ...TOKENS });
  fill(sessionStorage, { ...FOREIGN_SESSION, activeUserId: 'user-current', oauth_state_spotify: 's', pkce_verifier_trakt: 'v' });
});

describe('storage keeps to the keys Mycelius owns', () => {
  it('Clear App Data removes our keys, keeps the four tokens and every other app key', () => {
    clearAppData();
    expect(contents(localStorage)).toEqual({ ...FOREIGN_LOCAL, ...TOKENS });
  });

  it('Log Out removes our four tokens from local storage and nothing else there', () => {
    logOutStorage();
    expect(contents(localStorage)).toEqual({ ...FOREIGN_LOCAL, ...OURS });
    expect(sessionStorage.length).toBe(0);
  });

  it('Download my data exports our keys (tokens excluded) and nothing of another app', () => {
    const exported = exportUserData() as { data: Record<string, unknown> };
    expect(Object.keys(exported.data).sort()).toEqual(Object.keys(OURS).sort());
    expect(exported.data.user_profile).toEqual({ username: 'ana' });
    expect(exported.data.ai_profile_summary).toBe('A bio.');
  });
});
