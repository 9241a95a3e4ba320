// Seeded data the fake providers serve, in the providers' own shapes (see reference/external-apis.md).

export const DEMO_STEAM_ID = '76561198000000001';
export const DEMO_STEAM_VANITY = 'myceliusdemo';
export const PRIVATE_STEAM_ID = '76561198000000002';
export const PRIVATE_STEAM_VANITY = 'myceliusprivate';

export interface DemoSteamGame {
  appid: number;
  name: string;
  playtime_forever: number;
  playtime_2weeks?: number;
  img_icon_url: string;
  free: boolean;
}

export interface DemoSteamPlayer {
  steamid: string;
  vanity: string;
  personaname: string;
  communityvisibilitystate: 1 | 3;
  games: readonly DemoSteamGame[];
}

const avatar = (size: string) => `https://avatars.steamstatic.invalid/demo${size}.jpg`;

export const STEAM_PLAYERS: readonly DemoSteamPlayer[] = [
  {
    steamid: DEMO_STEAM_ID,
    vanity: DEMO_STEAM_VANITY,
    personaname: 'MyceliusDemo',
    communityvisibilitystate: 3,
    games: [
      { appid: 413150, name: 'Stardew Valley', playtime_forever: 5410, playtime_2weeks: 320, img_icon_url: 'sdv', free: false },
      { appid: 1145360, name: 'Hades', playtime_forever: 3125, img_icon_url: 'hades', free: false },
      { appid: 1245620, name: 'ELDEN RING', playtime_forever: 7840, playtime_2weeks: 95, img_icon_url: 'er', free: false },
      { appid: 292030, name: 'The Witcher 3: Wild Hunt', playtime_forever: 4380, img_icon_url: 'tw3', free: false },
      { appid: 105600, name: 'Terraria', playtime_forever: 2290, img_icon_url: 'terraria', free: false },
      { appid: 570, name: 'Dota 2', playtime_forever: 1260, img_icon_url: 'dota2', free: true },
      { appid: 730, name: 'Counter-Strike 2', playtime_forever: 640, img_icon_url: 'cs2', free: true },
    ],
  },
  {
    steamid: PRIVATE_STEAM_ID,
    vanity: PRIVATE_STEAM_VANITY,
    personaname: 'QuietSpore',
    communityvisibilitystate: 1,
    games: [{ appid: 620, name: 'Portal 2', playtime_forever: 900, img_icon_url: 'portal2', free: false }],
  },
];

export function steamPlayerSummary(p: DemoSteamPlayer) {
  return {
    steamid: p.steamid,
    communityvisibilitystate: p.communityvisibilitystate,
    profilestate: 1,
    personaname: p.personaname,
    profileurl: `https://steamcommunity.com/id/${p.vanity}/`,
    avatar: avatar(''),
    avatarmedium: avatar('_medium'),
    avatarfull: avatar('_full'),
    avatarhash: 'demo',
    personastate: 1,
    // Public profiles expose more; these are the fields a private one leaves out.
    ...(p.communityvisibilitystate === 3 ? { lastlogoff: 1_767_225_600, commentpermission: 1, timecreated: 1_420_070_400 } : {}),
  };
}

const ARTISTS: ReadonlyArray<{ name: string; genres: string[] }> = [
  { name: 'Phoebe Bridgers', genres: ['indie', 'folk'] },
  { name: 'Kendrick Lamar', genres: ['hip hop', 'rap'] },
  { name: 'Radiohead', genres: ['alternative', 'rock'] },
  { name: 'Daft Punk', genres: ['electronic', 'dance'] },
  { name: 'Norah Jones', genres: ['jazz', 'soul'] },
  { name: 'Tame Impala', genres: ['psychedelic', 'indie'] },
  { name: 'SZA', genres: ['r&b', 'pop'] },
  { name: 'Fleetwood Mac', genres: ['rock', 'classic rock'] },
];

const TRACKS: ReadonlyArray<{ name: string; artist: number; album: string; duration_ms: number }> = [
  { name: 'Motion Sickness', artist: 0, album: 'Stranger in the Alps', duration_ms: 229_000 },
  { name: 'Alright', artist: 1, album: 'To Pimp a Butterfly', duration_ms: 219_000 },
  { name: 'Weird Fishes/Arpeggi', artist: 2, album: 'In Rainbows', duration_ms: 318_000 },
  { name: 'Digital Love', artist: 3, album: 'Discovery', duration_ms: 301_000 },
  { name: "Don't Know Why", artist: 4, album: 'Come Away with Me', duration_ms: 186_000 },
  { name: 'The Less I Know the Better', artist: 5, album: 'Currents', duration_ms: 216_000 },
  { name: 'Good Days', artist: 6, album: 'SOS', duration_ms: 279_000 },
  { name: 'Dreams', artist: 7, album: 'Rumours', duration_ms: 257_000 },
];

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
const spotifyId = (kind: string, i: number) => `demo${kind}${String(i + 1).padStart(18, '0')}`;

export const SPOTIFY_ARTISTS = ARTISTS.map((a, i) => ({
  id: spotifyId('artist', i),
  name: a.name,
  type: 'artist' as const,
  uri: `spotify:artist:${spotifyId('artist', i)}`,
  href: `https://api.spotify.com/v1/artists/${spotifyId('artist', i)}`,
  external_urls: { spotify: `https://open.spotify.com/artist/${spotifyId('artist', i)}` },
  genres: a.genres,
  images: [] as Array<{ url: string; height: number; width: number }>,
}));

export const SPOTIFY_TRACKS = TRACKS.map((t, i) => {
  const artist = SPOTIFY_ARTISTS[t.artist] ?? SPOTIFY_ARTISTS[0]!;
  return {
    id: spotifyId('track', i),
    name: t.name,
    type: 'track' as const,
    uri: `spotify:track:${spotifyId('track', i)}`,
    duration_ms: t.duration_ms,
    explicit: false,
    artists: [{ id: artist.id, name: artist.name, type: 'artist' as const, uri: artist.uri }],
    album: { id: spotifyId('album', i), name: t.album, album_type: 'album', images: [] as Array<{ url: string }> },
  };
});

interface TitleSeed {
  title: string;
  year: number;
}

const SHOWS: readonly TitleSeed[] = [
  { title: 'Severance', year: 2022 },
  { title: 'The Bear', year: 2022 },
  { title: 'Arcane', year: 2021 },
  { title: 'Shōgun', year: 2024 },
  { title: 'Only Murders in the Building', year: 2021 },
  { title: 'Abbott Elementary', year: 2021 },
];

const MOVIES: readonly TitleSeed[] = [
  { title: 'Everything Everywhere All at Once', year: 2022 },
  { title: 'Spider-Man: Across the Spider-Verse', year: 2023 },
  { title: 'Past Lives', year: 2023 },
  { title: 'Dune: Part Two', year: 2024 },
  { title: 'Spirited Away', year: 2001 },
  { title: 'Knives Out', year: 2019 },
];

export interface TraktTitle {
  title: string;
  year: number;
  ids: { trakt: number; slug: string; imdb: string; tmdb: number; tvdb?: number };
}

export interface TraktWatchlistItem {
  rank: number;
  id: number;
  listed_at: string;
  notes: string | null;
  type: 'show' | 'movie';
  show?: TraktTitle;
  movie?: TraktTitle;
}

function watchlistItems(kind: 'show' | 'movie', seeds: readonly TitleSeed[], base: number): TraktWatchlistItem[] {
  return seeds.map((s, i) => {
    const ids = {
      trakt: base + i,
      slug: slug(s.title),
      imdb: `tt9${String(base + i).padStart(6, '0')}`,
      tmdb: 900_000 + base + i,
      ...(kind === 'show' ? { tvdb: 800_000 + base + i } : {}),
    };
    return {
      rank: i + 1,
      id: 50_000 + base + i,
      listed_at: new Date(Date.UTC(2026, 0, 1 + i)).toISOString(),
      notes: null,
      type: kind,
      [kind]: { title: s.title, year: s.year, ids },
    };
  });
}

export const TRAKT_SHOWS = watchlistItems('show', SHOWS, 1000);
export const TRAKT_MOVIES = watchlistItems('movie', MOVIES, 2000);
