import { expect } from 'vitest';

/**
 * A table of inputs and the answers a pure function must give for them, checked row by row; a failing
 * row is named by its input.
 */
export function expectAnswers<I, O>(answer: (input: I) => O, rows: readonly (readonly [I, O])[]): void {
  for (const [input, expected] of rows) expect(answer(input), JSON.stringify(input)).toEqual(expected);
}

/**
 * Every text matches the pattern; answers, per capture group, the distinct values seen (sorted), for
 * checking that a generator's varied wording uses every alternative of each slot.
 */
export function slots(texts: readonly string[], pattern: RegExp): string[][] {
  const seen: Set<string>[] = [];
  for (const text of texts) {
    const match = pattern.exec(text);
    expect(match, text).not.toBeNull();
    match?.slice(1).forEach((value, i) => (seen[i] ??= new Set()).add(value ?? ''));
  }
  return seen.map((values) => [...values].sort());
}
