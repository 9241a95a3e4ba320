import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/architecture.md is the map of the client; a feature folder it does not name, or a name it keeps
// after the folder is gone, makes the map wrong.

const map = readFileSync('docs/architecture.md', 'utf8');
const featureRows = [...map.matchAll(/^\| `([a-z]+)` \|/gm)].map((match) => match[1]);
const featureFolders = readdirSync('src/features', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe('docs/architecture.md', () => {
  it('has a row for every feature folder in src/features, and none for a folder that is gone', () => {
    expect([...featureRows].sort()).toEqual([...featureFolders].sort());
  });

  it('names, for each feature, only features that exist as what it uses', () => {
    for (const row of map.matchAll(/^\| `[a-z]+` \| [^|]+ \| ([^|]+) \|$/gm)) {
      const used = row[1]!.trim() === '-' ? [] : row[1]!.split(',').map((name) => name.trim());
      for (const name of used) expect(featureFolders).toContain(name);
    }
  });

  it("lists as what each feature uses exactly the features its code imports", () => {
    for (const row of map.matchAll(/^\| `([a-z]+)` \| [^|]+ \| ([^|]+) \|$/gm)) {
      const [, feature, column] = row;
      const listed = column!.trim() === '-' ? [] : column!.split(',').map((name) => name.trim());
      expect({ feature, uses: [...importedFeatures(feature!)].sort() }).toEqual({ feature, uses: [...listed].sort() });
    }
  });

  it('names every folder of the shared kernel', () => {
    for (const entry of readdirSync('src/shared', { withFileTypes: true }).filter((e) => e.isDirectory())) {
      expect(map).toContain(`    ${entry.name}/`);
    }
  });
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The other features a feature's files import from, type-only imports included. */
function importedFeatures(feature: string): Set<string> {
  const used = new Set<string>();
  for (const file of filesUnder(join('src/features', feature))) {
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
      const target = relative('src/features', resolve(dirname(file), specifier!)).split('/')[0]!;
      if (featureFolders.includes(target) && target !== feature) used.add(target);
    }
  }
  return used;
}
