// What the benches seed members with: a repeatable random sequence, so two runs of a bench (before and
// after a change) rank the same members, and the hobbies a profile's free text draws from.

export const HOBBIES = ['hiking', 'cooking', 'climbing', 'board games', 'photography', 'running', 'vinyl', 'anime nights', 'speedrunning', 'baking'];

/** A seeded linear congruential generator: numbers in [0, 1), the same sequence for the same seed. */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 0x1_0000_0000;
  };
}
