import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addChip, canAddChip, removeChip } from '../../src/domain/chips';

describe('chip rules', () => {
  it('adds the trimmed text at the end', () => {
    expect(addChip(['Rock'], '  Metal  ')).toEqual(['Rock', 'Metal']);
  });

  it('adds nothing for empty or blank text', () => {
    const list = ['Rock'];
    expect(addChip(list, '')).toBe(list);
    expect(addChip(list, '   \t ')).toBe(list);
    expect(canAddChip(list, ' ')).toBe(false);
  });

  it('ignores duplicates in any letter case or spacing', () => {
    const list = ['Hip Hop'];
    expect(addChip(list, 'hip hop')).toBe(list);
    expect(addChip(list, '  HIP HOP ')).toBe(list);
    expect(canAddChip(list, 'Hip-Hop')).toBe(true);
  });

  it('removes exactly the chosen item and leaves the rest in order', () => {
    expect(removeChip(['Rock', 'Metal', 'Punk'], 'Metal')).toEqual(['Rock', 'Punk']);
    const list = ['Rock'];
    expect(removeChip(list, 'Jazz')).toBe(list);
  });

  it('never holds two items that differ only in case, and every item is trimmed and non-empty', () => {
    fc.assert(
      fc.property(fc.array(fc.string()), (inputs) => {
        const list = inputs.reduce<readonly string[]>((acc, raw) => addChip(acc, raw), []);
        const lowered = list.map((item) => item.toLocaleLowerCase());
        expect(new Set(lowered).size).toBe(list.length);
        for (const item of list) expect(item).toBe(item.trim());
        for (const item of list) expect(item).not.toBe('');
      }),
    );
  });

  it('removing an added item restores the list', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1 })), fc.string({ minLength: 1 }), (start, raw) => {
        const base = start.reduce<readonly string[]>((acc, item) => addChip(acc, item), []);
        const added = addChip(base, raw);
        if (added === base) return;
        expect(removeChip(added, raw.trim())).toEqual(base);
      }),
    );
  });
});
