import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/testing.md: expected values are facts from docs/product.md written as literals. A test that imports
// the number or text it checks from the code it checks cannot fail when that code changes, so this scans
// every test file's imports for:
// - a constant (UPPER_CASE: every timing and size constant here is named so) taken from the module the test
//   is named after (tests/domain/chat.test.ts checks src/domain/chat.ts; `.machine` and `.view` count as it);
//   camelCase names are functions under test (replyDelayMs, socialFailureText) and are left alone;
// - a text table (`messages`, `...Texts`, `..._TEXT`, `..._TEXTS`) taken from anywhere: the user-visible
//   texts live only there, so every test of a screen or route would otherwise read its oracle from them.

const root = join(import.meta.dirname, '..', '..');
const testsDir = join(root, 'tests');

// Constants that are themselves the subject of their test (a data table compared with literal lists there).
const subjects: Record<string, readonly string[]> = {
  'tests/domain/catalog.test.ts': ['MUSIC_GENRES', 'POPULAR_GAMES', 'POPULAR_SHOWS'],
  'tests/domain/stats.test.ts': ['STAT_RANGES'],
  'tests/domain/sampleUsers.test.ts': ['SAMPLE_USERS'],
  // Route tables whose path functions are what these tests check, against literal paths.
  'tests/domain/liveContract.test.ts': ['CHAT_ROUTES'],
  'tests/domain/socialContract.test.ts': ['SOCIAL_ROUTES'],
};

const constant = /^[A-Z][A-Z0-9_]*$/;
const textTable = /^messages$|Texts$|_TEXTS?$/;
const valueImport = /import\s+(?!type\s)\{([^}]*)\}\s*from\s*'([^']+)'/g;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFiles(path);
    return /\.(test|e2e)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

// 'chat' for tests/domain/chat.test.ts and ../../src/domain/chat; 'solochat' for soloChat.machine.ts too.
const moduleName = (path: string) => basename(path).split('.')[0]!.toLowerCase();

function oracleImports(file: string, source: string): string[] {
  const found: string[] = [];
  for (const [, names, from] of source.matchAll(valueImport)) {
    if (!/\/(src|server)\//.test(from!)) continue;
    const sameModule = moduleName(from!) === moduleName(file);
    for (const spec of names!.split(',')) {
      const name = spec.trim().split(/\s+as\s+/)[0]!;
      if (name === '' || name.startsWith('type ')) continue;
      if (textTable.test(name) || (sameModule && constant.test(name) && !subjects[file]?.includes(name))) {
        found.push(`${file}: ${name} from '${from!}'`);
      }
    }
  }
  return found;
}

describe('test oracles', () => {
  it('recognises a constant from the module under test and a text table from anywhere', () => {
    const source = [
      "import { LOG_PREVIEW_CHARS, previewLog, type ChatMessage } from '../../src/domain/chat';",
      "import { messages } from '../../src/domain/messages';",
      "import { GAMES } from '../../src/domain/games';",
      "import type { memberErrorTexts } from '../../src/domain/memberContract';",
    ].join('\n');
    expect(oracleImports('tests/domain/chat.test.ts', source)).toEqual([
      "tests/domain/chat.test.ts: LOG_PREVIEW_CHARS from '../../src/domain/chat'",
      "tests/domain/chat.test.ts: messages from '../../src/domain/messages'",
    ]);
    expect(oracleImports('tests/machines/soloChat.test.ts', "import {\n  soloChatMachine,\n  SOLO_RESULTS_DELAY_MS,\n} from '../../src/features/games/machines/soloChat.machine';")).toEqual([
      "tests/machines/soloChat.test.ts: SOLO_RESULTS_DELAY_MS from '../../src/features/games/machines/soloChat.machine'",
    ]);
  });

  it('no test reads a timing or text constant it checks from the code', () => {
    // This file is left out: its own examples above are written as imports.
    const others = testFiles(testsDir).filter((path) => path !== import.meta.filename);
    const found = others.flatMap((path) => oracleImports(relative(root, path), readFileSync(path, 'utf8')));
    expect(found).toEqual([]);
  });
});
