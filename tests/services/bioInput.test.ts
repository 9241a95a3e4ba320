// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bioRequestSchema } from '../../src/domain/aiContract';
import { AppError } from '../../src/domain/errors';
import { emptyProfile, type Profile } from '../../src/domain/profile';
import { createBioGenerator } from '../../src/features/profile/services/bio';
import { assembleBioInput, storedConnections, type BioSources } from '../../src/features/profile/services/bioInput';
import { aiSummaryKey } from '../../src/features/profile/storage/aiSummary';
import { saveProfile } from '../../src/shared/storage/profile';
import { steamIdKey } from '../../src/features/profile/storage/steamId';
import { accessTokenKey } from '../../src/shared/storage/tokens';
import { emptyStorageAndRecordedConsoleErrors } from '../support/consoleErrors';

const profile: Profile = {
  ...emptyProfile(),
  username: 'mika',
  hobbies: 'bouldering, film photography',
  musicGenres: ['Metal', 'Jazz'],
  favoriteGames: ['Elden Ring'],
  favoriteShows: ['Dark'],
};
const STEAM_ID = '76561197960287930';

function fakeSources(overrides: Partial<BioSources> = {}): BioSources & { calls: Record<string, unknown[]> } {
  const calls: Record<string, unknown[]> = { artists: [], tracks: [], watchlist: [], games: [] };
  return {
    calls,
    getTopArtists: async (options) => {
      calls.artists!.push(options);
      return ['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7'];
    },
    getTopTracks: async (options) => {
      calls.tracks!.push(options);
      return [
        { name: 'T1', artist: 'X' },
        { name: 'T2', artist: 'Y' },
        { name: 'T3', artist: 'Z' },
        { name: 'T4', artist: 'W' },
      ];
    },
    getWatchlist: async () => {
      calls.watchlist!.push(true);
      return { shows: ['S1', 'S2', 'S3', 'S4', 'S5', 'S6'], movies: ['M1', 'M2', 'M3', 'M4', 'M5', 'M6', 'M7'] };
    },
    getOwnedGames: async (steamId) => {
      calls.games!.push(steamId);
      return [
        { name: 'Tiny', playtime_forever: 29 },
        { name: 'Hades', playtime_forever: 1830 },
        { name: 'Dota 2', playtime_forever: 60_000 },
        { name: 'Celeste', playtime_forever: 90 },
        { name: 'Portal', playtime_forever: 89 },
        { name: 'Unplayed', playtime_forever: 0 },
        { name: 'Elden Ring', playtime_forever: 12_345 },
      ];
    },
    ...overrides,
  };
}

const errorLog = emptyStorageAndRecordedConsoleErrors();
afterEach(() => vi.unstubAllGlobals());

describe('assembleBioInput', () => {
  it('uses only the profile when no service is connected, and fetches nothing', async () => {
    const sources = fakeSources();
    const input = await assembleBioInput(profile, { spotify: false, trakt: false, steamId: '' }, sources);
    expect(input).toEqual({
      username: 'mika',
      hobbies: 'bouldering, film photography',
      musicGenres: ['Metal', 'Jazz'],
      favoriteGames: ['Elden Ring'],
      favoriteShows: ['Dark'],
    });
    expect(Object.values(sources.calls).flat()).toEqual([]);
  });

  it('adds the top 5 artists and top 3 tracks (short_term, limit 5), top 5 games by playtime in hours, and 5 shows and 5 movies', async () => {
    const sources = fakeSources();
    const input = await assembleBioInput(profile, { spotify: true, trakt: true, steamId: STEAM_ID }, sources);
    expect(input.spotifyData).toEqual({ topArtists: ['A1', 'A2', 'A3', 'A4', 'A5'], topTracks: ['T1 by X', 'T2 by Y', 'T3 by Z'] });
    expect(sources.calls.artists).toEqual([{ timeRange: 'short_term', limit: 5 }]);
    expect(sources.calls.tracks).toEqual([{ timeRange: 'short_term', limit: 5 }]);
    expect(sources.calls.games).toEqual([STEAM_ID]);
    // 60000 min = 1000 h; 12345 min = 205.75 → 206 h; 1830 min = 30.5 → 31 h; 90 → 2 (1.5 rounds up); 89 → 1.
    expect(input.steamData).toEqual({
      games: [
        { name: 'Dota 2', hours: 1000 },
        { name: 'Elden Ring', hours: 206 },
        { name: 'Hades', hours: 31 },
        { name: 'Celeste', hours: 2 },
        { name: 'Portal', hours: 1 },
      ],
    });
    expect(input.traktData).toEqual({ shows: ['S1', 'S2', 'S3', 'S4', 'S5'], movies: ['M1', 'M2', 'M3', 'M4', 'M5'] });
    expect(bioRequestSchema.safeParse(input).success).toBe(true);
  });

  it.each(['spotify', 'steam', 'trakt'] as const)('leaves out %s when its fetch fails, only logging it', async (failing) => {
    const boom = async () => {
      throw new AppError(failing === 'spotify' ? 'MUSIC_FETCH_FAILED' : failing === 'steam' ? 'STEAM_FETCH_FAILED' : 'TRACKING_FETCH_FAILED');
    };
    const sources = fakeSources(
      failing === 'spotify' ? { getTopTracks: boom } : failing === 'steam' ? { getOwnedGames: boom } : { getWatchlist: boom },
    );
    const input = await assembleBioInput(profile, { spotify: true, trakt: true, steamId: STEAM_ID }, sources);
    expect(input.spotifyData === undefined).toBe(failing === 'spotify');
    expect(input.steamData === undefined).toBe(failing === 'steam');
    expect(input.traktData === undefined).toBe(failing === 'trakt');
    expect(errorLog()).toHaveBeenCalledTimes(1);
  });

  it('still makes the input when every service fails', async () => {
    const boom = async () => {
      throw new AppError('TOKEN_EXPIRED');
    };
    const sources = fakeSources({ getTopArtists: boom, getTopTracks: boom, getWatchlist: boom, getOwnedGames: boom });
    const input = await assembleBioInput(profile, { spotify: true, trakt: true, steamId: STEAM_ID }, sources);
    expect(Object.keys(input).sort()).toEqual(['favoriteGames', 'favoriteShows', 'hobbies', 'musicGenres', 'username']);
  });

  it('reads connections from the profile flags, stored tokens and the stored Steam id', () => {
    expect(storedConnections(profile)).toEqual({ spotify: false, trakt: false, steamId: '' });
    accessTokenKey('spotify').write('tok');
    steamIdKey.write(STEAM_ID);
    expect(storedConnections({ ...profile, connectedServices: { spotify: false, trakt: true, steam: true } })).toEqual({
      spotify: true,
      trakt: true,
      steamId: STEAM_ID,
    });
  });
});

describe('bio generation and storage', () => {
  function stubBioRoute(answer: () => Promise<Response>) {
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
      if (url === '/api/ai/bio') return answer();
      throw new Error(`unexpected ${url}`);
    });
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }
  const ok = (text: string) => async () => new Response(JSON.stringify({ text }), { headers: { 'Content-Type': 'application/json' } });

  it('generates from the stored profile and stores the result under ai_profile_summary', async () => {
    saveProfile(profile);
    const fetchMock = stubBioRoute(ok('Mika climbs and headbangs.'));
    await expect(createBioGenerator().generate()).resolves.toBe('Mika climbs and headbangs.');
    expect(localStorage.getItem('ai_profile_summary')).toBe('Mika climbs and headbangs.');
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toMatchObject({ username: 'mika', musicGenres: ['Metal', 'Jazz'] });
  });

  it('writes the bio without a connected service whose real fetch fails (logged only)', async () => {
    saveProfile({ ...profile, connectedServices: { spotify: true, trakt: false, steam: false } });
    accessTokenKey('spotify').write('tok');
    const fetchMock = vi.fn(async (url: string, _init?: RequestInit) =>
      url === '/api/ai/bio' ? ok('Bio without music.')() : new Response('{}', { status: 502 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    await expect(createBioGenerator().generate()).resolves.toBe('Bio without music.');
    const bioCall = fetchMock.mock.calls.find(([url]) => url === '/api/ai/bio')!;
    expect(JSON.parse(bioCall[1]!.body as string)).not.toHaveProperty('spotifyData');
    expect(fetchMock.mock.calls.some(([url]) => url.includes('/spotify/me/top/'))).toBe(true);
    expect(errorLog()).toHaveBeenCalled();
  });

  it('startInBackground returns at once, runs once even when called twice, and stores the bio', async () => {
    saveProfile(profile);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fetchMock = stubBioRoute(async () => {
      await gate;
      return ok('Background bio.')();
    });
    const generator = createBioGenerator();
    generator.startInBackground();
    generator.startInBackground();
    expect(aiSummaryKey.read()).toBe('');
    release();
    await vi.waitFor(() => expect(aiSummaryKey.read()).toBe('Background bio.'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does nothing when a bio is already stored', async () => {
    aiSummaryKey.write('Existing bio.');
    const fetchMock = stubBioRoute(ok('New bio.'));
    createBioGenerator().startInBackground();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(aiSummaryKey.read()).toBe('Existing bio.');
  });

  it('only logs a background failure and stores nothing', async () => {
    saveProfile(profile);
    stubBioRoute(async () => new Response('{}', { status: 500 }));
    createBioGenerator().startInBackground();
    await vi.waitFor(() => expect(errorLog()).toHaveBeenCalledWith('Background bio generation failed:', expect.any(AppError)));
    expect(localStorage.getItem('ai_profile_summary')).toBeNull();
  });
});
