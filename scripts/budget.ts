import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

// The first screen (/intro) may load at most 100 KB of gzipped JavaScript (docs/testing.md, budgets).
// What it loads is the entry chunk and everything it imports statically; lazy screens are excluded.
// Run after `vite build` (npm test does); reads dist/.vite/manifest.json.

export const FIRST_SCREEN_BUDGET_BYTES = 100_000;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export function firstScreenFiles(distDir: string): string[] {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entryKey) throw new Error('No entry chunk in the Vite manifest');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  visit(entryKey);
  return [...seen].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
}

export function gzippedSize(distDir: string, files: string[]): number {
  return files.reduce((sum, file) => sum + gzipSync(readFileSync(join(distDir, file)), { level: 9 }).length, 0);
}

const isMain = process.argv[1]?.endsWith('budget.ts');
if (isMain) {
  const distDir = process.argv[2] ?? 'dist';
  const files = firstScreenFiles(distDir);
  const bytes = gzippedSize(distDir, files);
  // The Stately inspector is opt-in in dev only; its code talks to stately.ai, so that name must not ship.
  const allJs = readdirSync(join(distDir, 'assets')).filter((f) => f.endsWith('.js'));
  const devOnly = allJs.filter((f) => readFileSync(join(distDir, 'assets', f), 'utf8').includes('stately.ai'));
  console.log(`First screen (/intro) JS: ${files.join(', ')}`);
  console.log(`First screen gzipped JS: ${(bytes / 1000).toFixed(1)} KB (${bytes} bytes; budget ${FIRST_SCREEN_BUDGET_BYTES / 1000} KB)`);
  if (devOnly.length > 0) {
    console.error(`The dev-only inspector reached the production bundle: ${devOnly.join(', ')}`);
    process.exit(1);
  }
  if (bytes > FIRST_SCREEN_BUDGET_BYTES) {
    console.error('Over budget: move code off the first screen (lazy chunks) or trim it.');
    process.exit(1);
  }
}
