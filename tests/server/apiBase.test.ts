import { describe, expect, it } from 'vitest';
import { underApiBase } from '../../server/lib/apiBase';

describe('underApiBase', () => {
  it('turns a contract path into the path its router registers under /api', () => {
    expect(underApiBase('/api/friends')).toBe('/friends');
    expect(underApiBase('/api/ai/hot-takes/prompt')).toBe('/ai/hot-takes/prompt');
  });

  it('refuses a path outside /api instead of registering it somewhere no request reaches', () => {
    expect(() => underApiBase('/demo/spotify')).toThrow('/demo/spotify is not a path under /api');
    expect(() => underApiBase('/apiary')).toThrow();
  });
});
