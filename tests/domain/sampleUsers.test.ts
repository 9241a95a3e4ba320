import { describe, expect, it } from 'vitest';
import { SAMPLE_USERS } from '../../src/domain/sampleUsers';

// docs/product.md §3: communities are drawn from Seattle, UW and Microsoft.
const COMMUNITIES = ['Seattle', 'UW', 'Microsoft'] as const;

describe('sample users', () => {
  it('are 25 users with ids user-1 .. user-25 and distinct names and emails', () => {
    expect(SAMPLE_USERS.map((u) => u.id)).toEqual(Array.from({ length: 25 }, (_, i) => `user-${i + 1}`));
    expect(new Set(SAMPLE_USERS.map((u) => u.username.toLowerCase())).size).toBe(25);
    expect(new Set(SAMPLE_USERS.map((u) => u.email)).size).toBe(25);
    for (const u of SAMPLE_USERS) expect(u.email).toMatch(/^\S+@\S+\.\S+$/);
  });

  it('each has 3-6 distinct interests, a 1-2 sentence personality and 1-3 known communities', () => {
    for (const u of SAMPLE_USERS) {
      expect(u.interests.length, u.username).toBeGreaterThanOrEqual(3);
      expect(u.interests.length, u.username).toBeLessThanOrEqual(6);
      expect(new Set(u.interests.map((i) => i.toLowerCase())).size).toBe(u.interests.length);
      const sentences = u.personality.split(/[.!?](?:\s|$)/).filter((s) => s.trim() !== '');
      expect(sentences.length, u.username).toBeGreaterThanOrEqual(1);
      expect(sentences.length, u.username).toBeLessThanOrEqual(2);
      expect(u.communities.length).toBeGreaterThanOrEqual(1);
      expect(u.communities.length).toBeLessThanOrEqual(3);
      for (const c of u.communities) expect(COMMUNITIES).toContain(c);
    }
  });

  it('have genuinely different tastes: no two share the same interest set, and every community has members', () => {
    const sets = SAMPLE_USERS.map((u) => [...u.interests].map((i) => i.toLowerCase()).sort().join('|'));
    expect(new Set(sets).size).toBe(25);
    for (const c of COMMUNITIES) expect(SAMPLE_USERS.some((u) => u.communities.includes(c))).toBe(true);
  });
});
