// Suggested chips (docs/product.md).
export const MUSIC_GENRES: readonly string[] = [
  'Pop', 'Rock', 'Hip Hop', 'R&B', 'Electronic', 'Dance', 'Indie', 'Alternative', 'Jazz', 'Classical',
  'Country', 'Metal', 'Punk', 'Folk', 'Blues', 'Soul', 'Funk', 'Reggae', 'Latin', 'K-Pop',
];

export const POPULAR_GAMES: readonly string[] = [
  'Counter-Strike', 'Dota 2', 'League of Legends', 'Valorant', 'Fortnite', 'Minecraft', 'Grand Theft Auto V',
  'Apex Legends', 'Overwatch', 'Call of Duty', 'Rocket League', 'Among Us', 'Fall Guys', 'Stardew Valley',
  'Terraria', 'Elden Ring', 'Cyberpunk 2077',
];

export const POPULAR_SHOWS: readonly string[] = [
  'Breaking Bad', 'Game of Thrones', 'Stranger Things', 'The Office', 'Friends', 'The Mandalorian',
  'Attack on Titan', 'Demon Slayer', 'One Piece', 'Naruto', 'Death Note', 'The Witcher', 'House of the Dragon',
  'The Last of Us', 'Wednesday', 'Avatar: The Last Airbender', 'Rick and Morty',
];

/** docs/product.md: up to 9 suggested chips per category. */
export const MAX_SUGGESTIONS = 9;

/** The first suggestions of `list` the user has not chosen yet (compared case-insensitively). */
export function suggestionsFor(list: readonly string[], chosen: readonly string[]): string[] {
  const taken = new Set(chosen.map((item) => item.trim().toLocaleLowerCase()));
  return list.filter((item) => !taken.has(item.toLocaleLowerCase())).slice(0, MAX_SUGGESTIONS);
}
