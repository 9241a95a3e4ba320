// @vitest-environment node
// The store outside a browser (server-side code, a worker without storage): nothing throws, reads give
// defaults, writes are dropped, and listeners still hear same-process changes.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineKey, keysWithPrefix, onStorageChange, readRaw, removeRaw } from '../../src/shared/storage/store';

// Newer Node versions ship Web Storage; take it away so every Node behaves like one without it.
beforeEach(() => {
  vi.stubGlobal('localStorage', undefined);
  vi.stubGlobal('sessionStorage', undefined);
});
afterEach(() => vi.unstubAllGlobals());

describe('store without window or storage', () => {
  it('reads give the default and writes do nothing', () => {
    const counter = defineKey('counter', z.number(), () => 3);
    expect(counter.read()).toBe(3);
    expect(() => counter.write(4)).not.toThrow();
    expect(counter.read()).toBe(3);
    expect(readRaw('counter')).toBeNull();
    expect(keysWithPrefix('c')).toEqual([]);
  });

  it('listening needs no window, and a removal is still announced', () => {
    const heard = vi.fn();
    const stop = onStorageChange(heard);
    removeRaw('counter');
    stop();
    expect(heard).toHaveBeenCalledWith('counter');
  });
});
