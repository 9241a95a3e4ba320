import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { firstScreenScripts, gzippedSizes } from '../../scripts/budget';

// What the first-screen budget counts of what Chromium did on /intro: scripts requested as scripts and run,
// once each; never a rel=prefetch fetch, a modulepreload nothing ran, or another origin's script.

const origin = 'http://127.0.0.1:4000';
const at = (path: string) => `${origin}/${path}`;

describe('the scripts the first screen counts', () => {
  it('counts the entry, its static imports and a chunk imported at boot, each once', () => {
    const result = firstScreenScripts(origin, {
      requests: [
        { url: at('assets/index-A.js'), prefetch: false },
        { url: at('assets/boot-B.js'), prefetch: false },
        { url: at('assets/returningVisitor-C.js'), prefetch: false },
        { url: at('assets/returningVisitor-C.js'), prefetch: false },
      ],
      ran: [at('assets/index-A.js'), at('assets/boot-B.js'), at('assets/returningVisitor-C.js')],
    });
    expect(result).toEqual({ counted: ['assets/boot-B.js', 'assets/index-A.js', 'assets/returningVisitor-C.js'], excluded: [] });
  });

  it('leaves out a file fetched only for a rel=prefetch hint, and a modulepreload nothing ran', () => {
    const result = firstScreenScripts(origin, {
      requests: [
        { url: at('assets/index-A.js'), prefetch: false },
        { url: at('assets/SignUp-D.js'), prefetch: true },
        { url: at('assets/stats-E.js'), prefetch: false },
      ],
      ran: [at('assets/index-A.js')],
    });
    expect(result).toEqual({ counted: ['assets/index-A.js'], excluded: ['assets/SignUp-D.js', 'assets/stats-E.js'] });
  });

  it('counts a file both prefetched and then imported and run, because the page needed it', () => {
    const result = firstScreenScripts(origin, {
      requests: [
        { url: at('assets/profile-F.js'), prefetch: true },
        { url: at('assets/profile-F.js'), prefetch: false },
      ],
      ran: [at('assets/profile-F.js')],
    });
    expect(result).toEqual({ counted: ['assets/profile-F.js'], excluded: [] });
  });

  it('does not count a script that ran but was only ever fetched for a prefetch hint', () => {
    const result = firstScreenScripts(origin, {
      requests: [{ url: at('assets/chat-G.js'), prefetch: true }],
      ran: [at('assets/chat-G.js')],
    });
    expect(result).toEqual({ counted: [], excluded: ['assets/chat-G.js'] });
  });

  it("ignores other origins' scripts and what is not a .js file", () => {
    const result = firstScreenScripts(origin, {
      requests: [
        { url: 'https://cdn.example.com/x.js', prefetch: false },
        { url: at('assets/index-A.css'), prefetch: false },
      ],
      ran: ['https://cdn.example.com/x.js'],
    });
    expect(result).toEqual({ counted: [], excluded: [] });
  });
});

describe('the gzipped size of each counted file', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('is the length of the built file gzipped at level 9', () => {
    dir = mkdtempSync(join(tmpdir(), 'budget-'));
    const source = 'export const greeting = "hello";\n'.repeat(200);
    writeFileSync(join(dir, 'a.js'), source);
    const sizes = gzippedSizes(dir, ['a.js']);
    expect(sizes.get('a.js')).toBe(gzipSync(Buffer.from(source), { level: 9 }).length);
    expect(sizes.get('a.js')).toBeLessThan(source.length / 10);
  });
});
