import { readFileSync } from 'node:fs';

/**
 * Node's flags from `npm run serve` (`node <flags> dist-server/start.js`), for the scripts and tests that
 * start the bundled server themselves, so they run it as production does.
 */
export function serveFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
  const words = (scripts.serve ?? '').trim().split(/\s+/);
  if (words[0] !== 'node' || words.at(-1) !== 'dist-server/start.js') throw new Error(`npm run serve is not "node <flags> dist-server/start.js": ${scripts.serve}`);
  return words.slice(1, -1);
}
