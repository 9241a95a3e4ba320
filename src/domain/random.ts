// The one way a number from a Math.random-like source (meant to be in [0, 1)) becomes a choice. Sources
// are injected everywhere so tests can pin them; a source that returns 1, a negative number or NaN still
// gives a choice inside the range instead of an index past the end.

function unit(r: number): number {
  return Number.isFinite(r) ? Math.min(Math.max(r, 0), 1 - Number.EPSILON) : 0;
}

/** An index in [0, length); 0 for an empty list. */
export function pickIndex(r: number, length: number): number {
  return length <= 0 ? 0 : Math.floor(unit(r) * length);
}

/** A whole number in [min, max], both included. */
export function wholeBetween(r: number, min: number, max: number): number {
  return min + Math.floor(unit(r) * (max - min + 1));
}
