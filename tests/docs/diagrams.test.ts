import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { machinesMarkdown } from '../../scripts/machineDiagrams';

describe('docs/machines.md', () => {
  it('matches the machines in src/features (run `npm run diagrams` after changing one)', async () => {
    const current = readFileSync('docs/machines.md', 'utf8');
    expect(current).toBe(await machinesMarkdown());
  });

  it('draws delayed transitions', async () => {
    expect(await machinesMarkdown()).toContain('splash_showing --> splash_done : after splashDelay');
  });
});
