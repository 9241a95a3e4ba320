import { CURRENT_USER_ID } from '../../domain/community';
import { readRaw, writeRaw } from './store';

// Read at start-up on the first screen, so it stays free of zod: the value is a plain id string.
export const ACTIVE_USER_ID_KEY = 'activeUserId';

export function activeUserId(): string {
  const id = readRaw(ACTIVE_USER_ID_KEY, 'session');
  return id && id.trim() !== '' ? id : CURRENT_USER_ID;
}

/** The current user's id, kept for the session (docs/product.md). */
export function ensureActiveUserId(): string {
  const id = activeUserId();
  try {
    writeRaw(ACTIVE_USER_ID_KEY, id, 'session');
  } catch {
    // A full session store only means the id is derived again next time.
  }
  return id;
}
