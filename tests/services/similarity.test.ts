// @vitest-environment happy-dom
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { emptyProfile, type Profile } from '../../src/domain/profile';
import { getSimilarityScores } from '../../src/features/discover/services/similarity';
import { saveProfile } from '../../src/shared/storage/profile';
import { keysWithPrefix } from '../../src/shared/storage/store';
import { profileHash } from '../../src/shared/storage/similarityCache';

// docs/product.md §3/§9: cache keys start similarity_cache_; an entry lives one hour.
const CACHE_PREFIX = 'similarity_cache_';
const ONE_HOUR_MS = 3_600_000;

type FetchMock = Mock<(url: string, init?: RequestInit) => Promise<Response>>;

const candidates = ['ana', 'ben', 'cy'].map((username) => ({ username, personality: 'chill', interests: ['Metal'] }));
const profile: Profile = {
  ...emptyProfile(),
  username: 'mika',
  hobbies: 'climbing',
  musicGenres: ['Metal'],
  favoriteGames: ['Elden Ring'],
  favoriteShows: ['Attack on Titan'],
};

let fetchMock: FetchMock;
const similarityCalls = () => fetchMock.mock.calls.filter(([url]) => url === '/api/ai/similarity').length;

beforeEach(() => {
  localStorage.clear();
  fetchMock = vi.fn(async () =>
    new Response(JSON.stringify({ scores: { ana: 91, ben: 40, cy: 7 } }), { headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('getSimilarityScores: one request on a miss, none on a hit', () => {
  const t0 = 1_700_000_000_000;

  it('makes exactly one request for all candidates on a miss and caches {timestamp, scores}', async () => {
    await expect(getSimilarityScores(profile, candidates, t0)).resolves.toEqual({ ana: 91, ben: 40, cy: 7 });
    expect(similarityCalls()).toBe(1);
    const raw = localStorage.getItem(`${CACHE_PREFIX}${profileHash(profile)}`);
    expect(JSON.parse(raw!)).toEqual({ timestamp: t0, scores: { ana: 91, ben: 40, cy: 7 } });
  });

  it('makes no request on a hit within the hour', async () => {
    await getSimilarityScores(profile, candidates, t0);
    await expect(getSimilarityScores(profile, candidates, t0 + ONE_HOUR_MS - 1)).resolves.toEqual({
      ana: 91,
      ben: 40,
      cy: 7,
    });
    expect(similarityCalls()).toBe(1);
  });

  it('asks again once the hour is over', async () => {
    await getSimilarityScores(profile, candidates, t0);
    await getSimilarityScores(profile, candidates, t0 + ONE_HOUR_MS);
    expect(similarityCalls()).toBe(2);
  });

  it('asks again after the profile changes (saveProfile clears the cache)', async () => {
    saveProfile(profile);
    await getSimilarityScores(profile, candidates, t0);
    const edited = { ...profile, favoriteGames: [...profile.favoriteGames, 'Hades'] };
    saveProfile(edited);
    expect(keysWithPrefix(CACHE_PREFIX)).toEqual([]);
    await getSimilarityScores(edited, candidates, t0 + 1000);
    expect(similarityCalls()).toBe(2);
    // Even an entry left for the old profile is never used for the new one: the key is the profile's hash.
    await getSimilarityScores(edited, candidates, t0 + 2000);
    expect(similarityCalls()).toBe(2);
  });

  it('never uses an entry written for a different profile', async () => {
    await getSimilarityScores(profile, candidates, t0);
    await getSimilarityScores({ ...profile, hobbies: 'climbing!' }, candidates, t0 + 1);
    expect(similarityCalls()).toBe(2);
  });

  it('asks again when the cached entry lacks one of the candidates', async () => {
    await getSimilarityScores(profile, candidates.slice(0, 2), t0);
    await getSimilarityScores(profile, candidates, t0 + 1);
    expect(similarityCalls()).toBe(2);
  });

  it('shares one request between two loads at the same moment (StrictMode mounts twice)', async () => {
    const [a, b] = await Promise.all([getSimilarityScores(profile, candidates, t0), getSimilarityScores(profile, candidates, t0)]);
    expect(a).toEqual(b);
    expect(similarityCalls()).toBe(1);
  });

  it('gives everyone 50 on failure and does not cache it, so the next load asks again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fetchMock.mockResolvedValueOnce(new Response('{}', { status: 500 }));
    await expect(getSimilarityScores(profile, candidates, t0)).resolves.toEqual({ ana: 50, ben: 50, cy: 50 });
    expect(keysWithPrefix(CACHE_PREFIX)).toEqual([]);
    await expect(getSimilarityScores(profile, candidates, t0 + 1)).resolves.toEqual({ ana: 91, ben: 40, cy: 7 });
    expect(similarityCalls()).toBe(2);
  });

  it('still answers when storage is full (the cache write fails)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    await expect(getSimilarityScores(profile, candidates, t0)).resolves.toEqual({ ana: 91, ben: 40, cy: 7 });
  });

  it('asks nothing for an empty candidate list', async () => {
    await expect(getSimilarityScores(profile, [], t0)).resolves.toEqual({});
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('profileHash', () => {
  // Any Unicode: full code points, lone surrogates, RTL and combining marks.
  const anyText = fc.oneof(
    fc.string({ unit: 'binary' }),
    fc.string({ unit: 'grapheme' }),
    fc.constantFrom('\uD800', '\uDC00x', 'שלום עולם', 'مرحبا', '🧑‍🤝‍🧑🎸', 'e\u0301', '\u202Eevil', ''),
  );
  const anyList = fc.array(anyText, { maxLength: 4 });
  const anyProfile: fc.Arbitrary<Profile> = fc.record({
    username: anyText,
    profilePicture: anyText,
    hobbies: anyText,
    musicGenres: anyList,
    favoriteGames: anyList,
    favoriteShows: anyList,
    connectedServices: fc.record({ spotify: fc.boolean(), trakt: fc.boolean(), steam: fc.boolean() }),
  });

  it('hashes any Unicode to a stable, storage-safe key', () => {
    fc.assert(
      fc.property(anyProfile, (p) => {
        const hash = profileHash(p);
        expect(hash).toMatch(/^[0-9a-f]{16}$/);
        expect(profileHash(structuredClone(p))).toBe(hash);
      }),
    );
  });

  it('differs when any one field differs', () => {
    const fields = ['username', 'profilePicture', 'hobbies', 'musicGenres', 'favoriteGames', 'favoriteShows', 'connectedServices'] as const;
    fc.assert(
      fc.property(anyProfile, fc.constantFrom(...fields), anyText, fc.constantFrom<'spotify' | 'trakt' | 'steam'>('spotify', 'trakt', 'steam'), (p, field, extra, service) => {
        const changed: Profile = structuredClone(p);
        if (field === 'connectedServices') changed.connectedServices[service] = !changed.connectedServices[service];
        else if (field === 'username' || field === 'profilePicture' || field === 'hobbies') changed[field] = `${changed[field]}${extra || 'x'}`;
        else changed[field] = [...changed[field], extra];
        expect(profileHash(changed)).not.toBe(profileHash(p));
      }),
      { numRuns: 500 },
    );
  });

  it('tells apart lists that join to the same text', () => {
    const a = { ...emptyProfile(), musicGenres: ['ab', 'c'] };
    const b = { ...emptyProfile(), musicGenres: ['a', 'bc'] };
    const c = { ...emptyProfile(), musicGenres: [], favoriteGames: ['ab', 'c'] };
    expect(new Set([profileHash(a), profileHash(b), profileHash(c)]).size).toBe(3);
  });
});
