import { CURRENT_USER_ID } from '../../domain/user';
import { isMemberDeviceKey, isOwnedLocalKey } from './ownedKeys';
import { SETTINGS_KEY } from './startupTheme';
import { SERVICE_TOKEN_KEYS } from './tokens';
import { removeRaw } from './store';

function localKeys(): string[] {
  const storage = globalThis.localStorage;
  const keys: string[] = [];
  try {
    for (let i = 0; i < storage.length; i += 1) {
      const key = storage.key(i);
      if (key !== null) keys.push(key);
    }
  } catch {
    // Storage disabled: there is nothing of ours to list.
  }
  return keys;
}

/** Clear App Data: every key of ours goes except the four service tokens (settings fall back to defaults). */
export function clearAppData(): void {
  for (const key of localKeys()) if (isOwnedLocalKey(key) && !SERVICE_TOKEN_KEYS.includes(key)) removeRaw(key);
}

/** Log Out: the service tokens go and session storage is cleared (docs/product.md says so in words). */
export function logOutStorage(): void {
  for (const key of SERVICE_TOKEN_KEYS) removeRaw(key);
  try {
    sessionStorage.clear();
  } catch {
    return;
  }
}

/**
 * A member logs out or deletes the account: a device holds one person at a time, so everything that was
 * theirs goes (profile copy, bio, Steam id, provider tokens, chat logs, stats, sample friends, caches,
 * the chat outbox and sync state) and session storage is emptied; the next guest starts clean. Only the
 * settings stay, the device's look and sound (a member's privacy lives on the server).
 */
export function forgetMemberData(): void {
  for (const key of localKeys()) {
    const settings = key === SETTINGS_KEY || key === `${SETTINGS_KEY}.corrupt`;
    if ((isOwnedLocalKey(key) && !settings) || isMemberDeviceKey(key)) removeRaw(key);
  }
  try {
    sessionStorage.clear();
  } catch {
    return;
  }
}

/** Everything the app stores about the user, tokens excluded, for "Download my data". */
export function exportUserData(): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const key of localKeys().sort()) {
    if (!isOwnedLocalKey(key) || SERVICE_TOKEN_KEYS.includes(key)) continue;
    const raw = localStorage.getItem(key);
    if (raw === null) continue;
    try {
      data[key] = JSON.parse(raw);
    } catch {
      data[key] = raw;
    }
  }
  return { exportedAt: new Date().toISOString(), userId: CURRENT_USER_ID, data };
}
