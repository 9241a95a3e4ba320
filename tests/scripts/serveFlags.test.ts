import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serveFlags } from '../../scripts/serveFlags';

// The server's node flags are written once, in `npm run serve`: `npm start`, the README's systemd unit,
// the memory bench and the e2e server all run the bundle with them.

const scripts = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;

describe("the server's node flags", () => {
  it('are the source maps and a 4 MB young generation half, read from npm run serve', () => {
    expect(serveFlags()).toEqual(['--enable-source-maps', '--max-semi-space-size=4']);
  });

  it('are the same for npm start, after building', () => {
    expect(scripts.start).toBe(`npm run build && ${scripts.serve}`);
  });

  it("are the same in the README's systemd unit", () => {
    expect(readFileSync('README.md', 'utf8')).toContain(`ExecStart=/usr/bin/${scripts.serve}\n`);
  });
});
