import { GAME_IDS } from '../domain/games';
import { ACTIVE_USER_ID_KEY } from './session';
import { OAUTH_PROVIDERS, SERVICE_TOKEN_KEYS } from './tokens';

// The keys Mycelius owns (SPEC.md section 3), so clearing and exporting never touch what another app
// on the same origin keeps in the same storage. A new key must be added here to be cleared or exported.

const LOCAL_KEYS: readonly string[] = [
  'user_profile',
  'ai_profile_summary',
  'steam_id',
  'mycelius_users',
  'mycelius_friends',
  'user_settings',
  'user_leaderboard_stats',
  ...GAME_IDS.map((game) => `${game}_chat_logs`),
  ...SERVICE_TOKEN_KEYS,
];
const LOCAL_PREFIXES: readonly string[] = ['similarity_cache_', 'leaderboard_stats_'];

const SESSION_KEYS: readonly string[] = [
  ACTIVE_USER_ID_KEY,
  ...OAUTH_PROVIDERS.flatMap((p) => [`oauth_state_${p}`, `pkce_verifier_${p}`]),
];

/** The store keeps an unreadable value under `<key>.corrupt`; that copy belongs to the same owner. */
function baseOf(key: string): string {
  return key.endsWith('.corrupt') ? key.slice(0, -'.corrupt'.length) : key;
}

export function isOwnedLocalKey(key: string): boolean {
  const base = baseOf(key);
  return LOCAL_KEYS.includes(base) || LOCAL_PREFIXES.some((prefix) => base.startsWith(prefix) && base.length > prefix.length);
}

export function isOwnedSessionKey(key: string): boolean {
  return SESSION_KEYS.includes(baseOf(key));
}
