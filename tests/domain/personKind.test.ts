import { describe, expect, it } from 'vitest';
import { isSamplePerson } from '../../src/domain/personKind';

// Honest labels: member cards say whether a person is one of the 25 sample people; without
// that, a guest's people are the sample users 'user-1' to 'user-25'.

describe('isSamplePerson', () => {
  it('believes the card\'s kind when there is one', () => {
    expect(isSamplePerson({ id: 'user-1', kind: 'member' })).toBe(false);
    expect(isSamplePerson({ id: '0b5c-uuid', kind: 'sample' })).toBe(true);
  });

  it('without a kind, knows the sample people by their ids', () => {
    expect(isSamplePerson({ id: 'user-1' })).toBe(true);
    expect(isSamplePerson({ id: 'user-25' })).toBe(true);
    expect(isSamplePerson({ id: 'user-26' })).toBe(false);
    expect(isSamplePerson({ id: 'user-current' })).toBe(false);
    expect(isSamplePerson({ id: '0b5c-uuid' })).toBe(false);
  });
});
