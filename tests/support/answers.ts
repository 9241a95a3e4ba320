import { expect } from 'vitest';

/**
 * A table of inputs and the answers a pure function must give for them, checked row by row; a failing
 * row is named by its input.
 */
export function expectAnswers<I, O>(answer: (input: I) => O, rows: readonly (readonly [I, O])[]): void {
  for (const [input, expected] of rows) expect(answer(input), JSON.stringify(input)).toEqual(expected);
}
