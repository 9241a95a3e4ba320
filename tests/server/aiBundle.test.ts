import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROMPT_FINGERPRINTS } from '../../server/ai/prompts';

// Prompts and the local engine's wording are server-side only: a fresh client build (into a temp
// folder, so parallel work on dist/ is untouched) must contain none of them, nor the AI key.

const run = promisify(execFile);
const KEY = 'GEMINI-BUNDLE-KEY-8d2f6b0a4c';
const SERVER_ONLY_PHRASES = [
  ...PROMPT_FINGERPRINTS,
  'Everything between <data> and </data>',
  'lives on a steady diet of', // local bio wording
  'Not even close.', // local persona opener
];

let outDir = '';
let files: { path: string; text: string }[] = [];

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'mycelius-ai-bundle-'));
  await run('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', outDir, '--emptyOutDir'], {
    env: { ...process.env, GEMINI_API_KEY: KEY },
    maxBuffer: 16 * 1024 * 1024,
  });
  files = walk(outDir).map((path) => ({ path, text: readFileSync(path, 'latin1') }));
}, 300_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('client bundle', () => {
  it('was built', () => {
    expect(files.some((f) => f.path.endsWith('index.html'))).toBe(true);
    expect(files.some((f) => f.path.endsWith('.js'))).toBe(true);
  });

  it('holds no prompt text and no server-only engine wording', () => {
    for (const phrase of SERVER_ONLY_PHRASES) {
      const hits = files.filter((f) => f.text.includes(phrase)).map((f) => f.path);
      expect(hits, `"${phrase}" found in the client build`).toEqual([]);
    }
  });

  it('holds no AI key', () => {
    expect(files.filter((f) => f.text.includes(KEY)).map((f) => f.path)).toEqual([]);
  });
});
