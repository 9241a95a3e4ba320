import type { z } from 'zod';
import { AppError } from '../../domain/errors';

// One safe store over localStorage / sessionStorage. Reads validate and never throw; a value that
// does not parse or validate yields the default and is moved to `<key>.corrupt` so nothing is lost.
// Writes report a full quota as AppError('STORAGE_FULL'). Listeners hear same-tab writes and, through
// the `storage` event, other tabs' writes.

export type Area = 'local' | 'session';
type Codec = 'json' | 'text';

export interface StoredKey<T> {
  readonly key: string;
  read(): T;
  write(value: T): void;
  remove(): void;
  subscribe(listener: () => void): () => void;
}

function areaStorage(area: Area): Storage | undefined {
  try {
    return area === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

type Listener = (key: string | null) => void;
const listeners = new Set<Listener>();

// Another tab's writes arrive as 'storage' events; the window is listened to while anyone here listens.
function forwardStorageEvent(event: StorageEvent): void {
  notify(event.key);
}

function notify(key: string | null): void {
  for (const listener of [...listeners]) listener(key);
}

/** Hear every change: `key` is null when a whole area was cleared. */
export function onStorageChange(listener: Listener): () => void {
  const hasWindow = typeof window !== 'undefined';
  if (hasWindow && listeners.size === 0) window.addEventListener('storage', forwardStorageEvent);
  listeners.add(listener);
  return () => {
    if (!listeners.delete(listener) || listeners.size > 0) return;
    if (hasWindow) window.removeEventListener('storage', forwardStorageEvent);
  };
}

export function isQuotaError(error: unknown): boolean {
  if (!(error instanceof Error) && !(typeof DOMException !== 'undefined' && error instanceof DOMException)) return false;
  const e = error as { name?: string; code?: number };
  return e.name === 'QuotaExceededError' || e.name === 'NS_ERROR_DOM_QUOTA_REACHED' || e.code === 22 || e.code === 1014;
}

export function readRaw(key: string, area: Area = 'local'): string | null {
  try {
    return areaStorage(area)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeRaw(key: string, raw: string, area: Area = 'local'): void {
  const storage = areaStorage(area);
  if (!storage) return;
  try {
    storage.setItem(key, raw);
  } catch (error) {
    if (isQuotaError(error)) throw new AppError('STORAGE_FULL', { cause: error });
    throw error;
  }
  notify(key);
}

export function removeRaw(key: string, area: Area = 'local'): void {
  try {
    areaStorage(area)?.removeItem(key);
  } catch {
    return;
  }
  notify(key);
}

export function keysWithPrefix(prefix: string, area: Area = 'local'): string[] {
  const storage = areaStorage(area);
  if (!storage) return [];
  const keys: string[] = [];
  for (let i = 0; i < storage.length; i += 1) {
    const key = storage.key(i);
    if (key !== null && key.startsWith(prefix)) keys.push(key);
  }
  return keys;
}

/**
 * Moves a bad value aside: copied to `<key>.corrupt`, then removed from `key`, so later reads give
 * the default without warning again. If the copy fails (storage full) the value stays under `key`,
 * which still keeps it. Listeners are not told: what a read returns was already the default.
 */
function setCorruptAside(key: string, raw: string, area: Area): void {
  const storage = areaStorage(area);
  try {
    storage?.setItem(`${key}.corrupt`, raw);
    storage?.removeItem(key);
  } catch {
    // The copy failed; leaving the bad value where it is keeps it.
  }
  console.warn(`Stored value under "${key}" was invalid; using the default and keeping it as "${key}.corrupt".`);
}

export function defineKey<T>(
  key: string,
  schema: z.ZodType<T>,
  fallback: () => T,
  options: { area?: Area; codec?: Codec } = {},
): StoredKey<T> {
  const area = options.area ?? 'local';
  const codec = options.codec ?? 'json';
  return {
    key,
    read() {
      const raw = readRaw(key, area);
      if (raw === null) return fallback();
      let parsed: unknown = raw;
      if (codec === 'json') {
        try {
          parsed = JSON.parse(raw);
        } catch {
          setCorruptAside(key, raw, area);
          return fallback();
        }
      }
      const result = schema.safeParse(parsed);
      if (!result.success) {
        setCorruptAside(key, raw, area);
        return fallback();
      }
      return result.data;
    },
    write(value) {
      const valid = schema.parse(value);
      writeRaw(key, codec === 'json' ? JSON.stringify(valid) : String(valid), area);
    },
    remove() {
      removeRaw(key, area);
    },
    subscribe(listener) {
      return onStorageChange((changed) => {
        if (changed === null || changed === key) listener();
      });
    },
  };
}

/** Keys that share a prefix, such as `leaderboard_stats_<userId>`. */
export function defineKeyFamily<T>(
  prefix: string,
  schema: z.ZodType<T>,
  fallback: () => T,
  options: { area?: Area; codec?: Codec } = {},
): (suffix: string) => StoredKey<T> {
  return (suffix) => defineKey(`${prefix}${suffix}`, schema, fallback, options);
}
