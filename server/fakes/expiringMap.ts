// The fakes' memory for codes and tokens: every entry has a lifetime and the map a maximum size, so a
// flood of unauthenticated sign-ins cannot grow the server without bound. Entries of one map share a
// lifetime, so insertion order is expiry order: the oldest sit at the front and are dropped first.

interface Entry<V> {
  value: V;
  expiresAt: number;
}

export class ExpiringMap<V> {
  private readonly entries = new Map<string, Entry<V>>();

  constructor(
    private readonly maxSize: number,
    private readonly now: () => number,
  ) {}

  set(key: string, value: V, expiresAt: number): void {
    const t = this.now();
    for (const [oldKey, entry] of this.entries) {
      if (entry.expiresAt > t && this.entries.size < this.maxSize) break;
      this.entries.delete(oldKey);
    }
    this.entries.set(key, { value, expiresAt });
  }

  /** The live value, or undefined when unknown or expired. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    return entry === undefined || entry.expiresAt <= this.now() ? undefined : entry.value;
  }

  /** Known, live or expired (an expired entry is remembered until a later `set` drops it). */
  has(key: string): boolean {
    return this.entries.has(key);
  }

  /** Single use: the live value, gone from the map whatever it was. */
  take(key: string): V | undefined {
    const value = this.get(key);
    this.entries.delete(key);
    return value;
  }

  expireAll(): void {
    for (const entry of this.entries.values()) entry.expiresAt = 0;
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/** Caps shared by the fakes: far above what one person's demo needs, far below what hurts a small server. */
export const FAKE_LIMITS = {
  pendingCodes: 1_000,
  accessTokens: 10_000,
  refreshTokens: 10_000,
  /** All ten scopes the app asks for take about 250 characters. */
  scopeChars: 1_000,
  /** Refresh tokens of the real services live for months; the fakes forget them after 90 days. */
  refreshTtlMs: 90 * 24 * 3600 * 1000,
} as const;
