// `npm run bench`: how fast the local AI engine scores a discover batch. Not a test: timings vary by
// machine, so this prints figures (median of warm runs) instead of failing on them.
import { performance } from 'node:perf_hooks';
import { scoreAll, type CandidateTaste, type UserTaste } from '../server/ai/local/similarity';

const GENRES = ['Pop', 'Rock', 'Hip Hop', 'R&B', 'Electronic', 'Dance', 'Indie', 'Alternative', 'Jazz', 'Classical',
  'Country', 'Metal', 'Punk', 'Folk', 'Blues', 'Soul', 'Funk', 'Reggae', 'Latin', 'K-Pop'];
const GAMES = ['Counter-Strike', 'Dota 2', 'League of Legends', 'Valorant', 'Fortnite', 'Minecraft', 'Grand Theft Auto V',
  'Apex Legends', 'Overwatch', 'Call of Duty', 'Rocket League', 'Among Us', 'Fall Guys', 'Stardew Valley', 'Terraria',
  'Elden Ring', 'Cyberpunk 2077'];
const SHOWS = ['Breaking Bad', 'Game of Thrones', 'Stranger Things', 'The Office', 'Friends', 'The Mandalorian',
  'Attack on Titan', 'Demon Slayer', 'One Piece', 'Naruto', 'Death Note', 'The Witcher', 'House of the Dragon',
  'The Last of Us', 'Wednesday', 'Avatar: The Last Airbender', 'Rick and Morty'];
const TRAITS = ['competitive', 'laid-back', 'sarcastic', 'curious', 'nostalgic', 'chatty', 'analytical', 'upbeat',
  'night owl', 'hiking', 'cooking', 'vinyl collector', 'speedrunner', 'bookworm', 'gym rat', 'film buff'];
const POOL = [...GENRES, ...GAMES, ...SHOWS];

/** A small LCG so every run scores the same candidates. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 0x1_0000_0000;
  };
}

function candidates(count: number, seed: number): CandidateTaste[] {
  const next = rng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)] as T;
  return Array.from({ length: count }, (_, i) => {
    const n = 3 + Math.floor(next() * 4); // 3-6 interests
    const interests = Array.from({ length: n }, () => pick(POOL));
    const personality = `A ${pick(TRAITS)} and ${pick(TRAITS)} ${pick(['gamer', 'listener', 'viewer', 'friend'])} #${i}.`;
    return { username: `user_${seed}_${i}`, personality, interests };
  });
}

const user: UserTaste = {
  hobbies: 'hiking, cooking ramen, speedrunning old games and collecting vinyl',
  musicGenres: ['Metal', 'Indie', 'Jazz'],
  favoriteGames: ['Elden Ring', 'Stardew Valley', 'Minecraft'],
  favoriteShows: ['Attack on Titan', 'The Office'],
};

function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
}

const RUNS = 15;
const WARM_UPS = 5;
for (const [size, seed] of [[1_000, 1], [10_000, 2]] as const) {
  const batch = candidates(size, seed);
  for (let w = 0; w < WARM_UPS; w++) scoreAll(user, batch); // JIT tiers and the key caches settle first
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const result = scoreAll(user, batch);
    wall.push(performance.now() - t0);
    const c1 = process.cpuUsage(c0);
    cpu.push((c1.user + c1.system) / 1000);
    if (Object.keys(result.scores).length !== size) throw new Error('every candidate must get a score');
  }
  const ms = median(wall);
  const perSecond = Math.round((size / ms) * 1000);
  // CPU time beside wall time: on a busy machine the wall figure includes waiting for a core.
  console.log(
    `${size.toLocaleString('en-US')} candidates: ${ms.toFixed(2)} ms per batch (median of ${RUNS} warm runs; ` +
      `CPU ${median(cpu).toFixed(2)} ms), ${perSecond.toLocaleString('en-US')} candidates/s`,
  );
}
