import { itemKey } from './text';

// What kind of thing an interest is, so generated text can talk about it sensibly
// ("playing Elden Ring", "watching The Office", "listening to Jazz").
export type InterestKind = 'genre' | 'game' | 'show' | 'other';

const GENRES = [
  'Pop', 'Rock', 'Hip Hop', 'R&B', 'Electronic', 'Dance', 'Indie', 'Alternative', 'Jazz', 'Classical',
  'Country', 'Metal', 'Punk', 'Folk', 'Blues', 'Soul', 'Funk', 'Reggae', 'Latin', 'K-Pop', 'Rap', 'EDM',
  'House', 'Techno', 'Lo-fi', 'Synthwave', 'Grunge', 'Emo', 'Ska', 'Disco', 'Gospel', 'Trap', 'J-Pop',
  'Reggaeton', 'Soundtrack', 'Opera', 'Bluegrass', 'Hardcore', 'Shoegaze', 'Drill', 'Dancehall', 'Dub',
];
const GAMES = [
  'Counter-Strike', 'Dota 2', 'League of Legends', 'Valorant', 'Fortnite', 'Minecraft', 'Grand Theft Auto V',
  'Apex Legends', 'Overwatch', 'Call of Duty', 'Rocket League', 'Among Us', 'Fall Guys', 'Stardew Valley',
  'Terraria', 'Elden Ring', 'Cyberpunk 2077', 'Hades', 'Hollow Knight', 'Baldur\'s Gate 3', 'Celeste',
  'Dark Souls', 'Zelda', 'The Legend of Zelda', 'Animal Crossing', 'Pokemon', 'Super Smash Bros',
  'Final Fantasy XIV', 'World of Warcraft', 'Halo', 'The Sims 4', 'Destiny 2', 'Street Fighter 6',
  'Tetris', 'Portal 2', 'Red Dead Redemption 2', 'The Witcher 3', 'Genshin Impact', 'Mario Kart',
];
const SHOWS = [
  'Breaking Bad', 'Game of Thrones', 'Stranger Things', 'The Office', 'Friends', 'The Mandalorian',
  'Attack on Titan', 'Demon Slayer', 'One Piece', 'Naruto', 'Death Note', 'The Witcher', 'House of the Dragon',
  'The Last of Us', 'Wednesday', 'Avatar: The Last Airbender', 'Rick and Morty', 'Arcane', 'Severance',
  'The Bear', 'Succession', 'Jujutsu Kaisen', 'Cowboy Bebop', 'Parks and Recreation', 'Brooklyn Nine-Nine',
  'The Boys', 'Fullmetal Alchemist', 'Dune', 'Interstellar', 'Spirited Away', 'The Matrix', 'Inception',
];

const kinds = new Map<string, InterestKind>();
for (const g of GENRES) kinds.set(itemKey(g), 'genre');
for (const g of GAMES) kinds.set(itemKey(g), 'game');
for (const s of SHOWS) kinds.set(itemKey(s), 'show');

const GAME_HINT = /\b(game|games|gaming|craft|legends|simulator|souls|kart|quest|strike)\b/i;
const SHOW_HINT = /\b(show|series|anime|movie|film|season)\b/i;

export function interestKind(item: string): InterestKind {
  const known = kinds.get(itemKey(item));
  if (known) return known;
  if (GAME_HINT.test(item)) return 'game';
  if (SHOW_HINT.test(item)) return 'show';
  return 'other';
}
