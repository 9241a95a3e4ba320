import { GAME_IDS } from '../../domain/games';
import { SERVICE_TOKEN_KEYS } from './tokens';

// The local-storage keys Mycelius owns (docs/product.md), so Clear App Data and Download my data
// never touch what another app on the same origin keeps there. A new key must be added here to be
// cleared or exported.

const LOCAL_KEYS: readonly string[] = [
  'user_profile',
  'ai_profile_summary',
  'steam_id',
  'steam_account',
  'mycelius_users',
  'mycelius_friends',
  'user_settings',
  'user_leaderboard_stats',
  ...GAME_IDS.map((game) => `${game}_chat_logs`),
  ...SERVICE_TOKEN_KEYS,
];
const LOCAL_PREFIXES: readonly string[] = ['similarity_cache_', 'leaderboard_stats_', 'friend_chat_'];

/** The store keeps an unreadable value under `<key>.corrupt`; that copy belongs to the same owner. */
function baseOf(key: string): string {
  return key.endsWith('.corrupt') ? key.slice(0, -'.corrupt'.length) : key;
}

/**
 * Keys only a member's device has: whose profile copy it is (with its sync state), their stats copy,
 * game results still to send and chat messages still to deliver.
 */
const MEMBER_KEYS: readonly string[] = ['member_profile_sync', 'member_stats', 'member_pending_results'];
const MEMBER_PREFIXES: readonly string[] = ['mycelius_outbox_'];

export function isMemberDeviceKey(key: string): boolean {
  const base = baseOf(key);
  return MEMBER_KEYS.includes(base) || MEMBER_PREFIXES.some((prefix) => base.startsWith(prefix) && base.length > prefix.length);
}

export function isOwnedLocalKey(key: string): boolean {
  const base = baseOf(key);
  return LOCAL_KEYS.includes(base) || LOCAL_PREFIXES.some((prefix) => base.startsWith(prefix) && base.length > prefix.length);
}
