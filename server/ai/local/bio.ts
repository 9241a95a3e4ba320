import type { BioRequest } from '../../../src/domain/aiContract';
import { capitalize, distinctItems, inline, joinList, seededPicker, type Picker } from './text';

// A 2-3 sentence bio written from what the profile and the connected services say. Each sentence
// covers one area (music, games, shows/hobbies); empty areas are skipped, and the wording of each is
// chosen from a seed of the whole input, so two different profiles rarely read alike.

function musicSentence(name: string, req: BioRequest, p: Picker): string | null {
  const genres = distinctItems(req.musicGenres).slice(0, 3);
  const artists = distinctItems(req.spotifyData?.topArtists ?? []).slice(0, 3);
  const track = distinctItems(req.spotifyData?.topTracks ?? [])[0];
  if (genres.length === 0 && artists.length === 0 && !track) return null;
  const parts: string[] = [];
  if (genres.length > 0) {
    parts.push(
      p.pick([
        `${name} lives on a steady diet of ${joinList(genres)}`,
        `${name}'s playlists lean hard into ${joinList(genres)}`,
        `Music-wise, ${name} is all about ${joinList(genres)}`,
      ]),
    );
  } else {
    parts.push(p.pick([`${name} always has something playing`, `${name}'s headphones rarely come off`]));
  }
  if (artists.length > 0) {
    parts.push(p.pick([`with ${joinList(artists)} on heavy rotation`, `and lately can't stop playing ${joinList(artists)}`]));
  }
  let sentence = parts.join(' ');
  if (track) sentence += p.pick([`, with "${track}" stuck on repeat`, ` (current obsession: "${track}")`]);
  return `${sentence}.`;
}

function gamesSentence(req: BioRequest, p: Picker, pronoun: string): string | null {
  const played = [...(req.steamData?.games ?? [])]
    .filter((g) => g.name.trim() !== '')
    .sort((a, b) => b.hours - a.hours)
    .slice(0, 2)
    .map((g) => (g.hours >= 1 ? `${inline(g.name, 40)} (${Math.round(g.hours)} hours in)` : inline(g.name, 40)));
  const playedKeys = new Set(played.map((s) => s.replace(/ \(.*\)$/, '').toLowerCase()));
  const favorites = distinctItems(req.favoriteGames).filter((g) => !playedKeys.has(g.toLowerCase()));
  const games = [...played, ...favorites].slice(0, 3);
  if (games.length === 0) return null;
  return p.pick([
    `On the gaming side, ${pronoun} sinks time into ${joinList(games)}.`,
    `When it's game night, expect ${joinList(games)}.`,
    `${capitalize(pronoun)} can talk ${joinList(games)} for hours.`,
  ]);
}

function screenSentence(req: BioRequest, p: Picker, pronoun: string): string | null {
  const screen = distinctItems([
    ...req.favoriteShows,
    ...(req.traktData?.shows ?? []),
    ...(req.traktData?.movies ?? []),
  ]).slice(0, 3);
  const hobbies = req.hobbies.trim() === '' ? '' : inline(req.hobbies, 70);
  if (screen.length === 0 && hobbies === '') return null;
  if (screen.length > 0 && hobbies !== '') {
    return p.pick([
      `Away from the screen it's ${hobbies}, and on it ${joinList(screen)}.`,
      `Between ${joinList(screen)} marathons, ${pronoun} is into ${hobbies}.`,
    ]);
  }
  if (screen.length > 0) {
    return p.pick([`Watchlist highlights: ${joinList(screen)}.`, `${capitalize(pronoun)} will happily rewatch ${joinList(screen)}.`]);
  }
  return p.pick([`Off-screen, ${pronoun} is into ${hobbies}.`, `Outside of that, think ${hobbies}.`]);
}

export function localBio(req: BioRequest): string {
  const p = seededPicker(JSON.stringify(req));
  const name = inline(req.username, 40) || 'This user';
  const pronoun = 'they';
  const music = musicSentence(name, req, p);
  const games = gamesSentence(req, p, music ? pronoun : name);
  const screen = screenSentence(req, p, music || games ? pronoun : name);
  const lines = [music, games, screen].filter((s): s is string => s !== null);
  if (lines.length === 0) {
    return `${name} is new to Mycelius and still adding favorites. Say hi and be the first to find out what they're into.`;
  }
  if (lines.length === 1) {
    lines.push(p.pick(['Always up for meeting people with the same taste.', 'Say hi if that sounds like you.']));
  }
  return lines.slice(0, 3).join(' ');
}
