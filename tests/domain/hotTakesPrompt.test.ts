import { describe, expect, it } from 'vitest';
import { isSamePrompt, promptsAfter } from '../../src/domain/hotTakesPrompt';

describe('Hot Takes: no prompt twice in a row', () => {
  const A = 'Topic: Metal\nMetal peaked years ago.';
  const B = 'Topic: Jazz\nJazz is overrated.';

  it('leaves out the prompt just played, even when it comes back with other spacing or case', () => {
    expect(promptsAfter([A, B], A)).toEqual([B]);
    expect(promptsAfter([A, B], '  topic: METAL\n  metal peaked   years ago. ')).toEqual([B]);
  });

  it('keeps every candidate for the first game of a session', () => {
    expect(promptsAfter([A, B], undefined)).toEqual([A, B]);
  });

  it('lets the only prompt come back when there is no other', () => {
    expect(promptsAfter([A], A)).toEqual([A]);
  });

  it('compares prompts by their words', () => {
    expect(isSamePrompt(A, A)).toBe(true);
    expect(isSamePrompt(A, B)).toBe(false);
    expect(isSamePrompt(A, undefined)).toBe(false);
  });
});
