// Points comments that cite the old out-of-repo SPEC.md / DESIGN.md at the documents in this repository:
// SPEC.md -> docs/product.md (same section numbers), and the three DESIGN.md citations to what they
// meant. Idempotent: a second run changes nothing. Run it on merged code: `npx tsx scripts/pointDocs.ts`.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOTS = ['src', 'server', 'tests', 'scripts'];
const EXTENSIONS = /\.(ts|tsx|js|mjs|css)$/;
const SELF = join('scripts', 'pointDocs.ts');

const REPLACEMENTS: [RegExp, string][] = [
  [/DESIGN\.md: embedded defaults/g, 'README.md "Run it": no account needed'],
  [/DESIGN\.md "Model-based tests"/g, 'docs/testing.md'],
  [/\(DESIGN\.md budgets\)/g, '(docs/testing.md, budgets)'],
  [/DESIGN\.md/g, 'docs/testing.md'],
  [/, \.\.\/shared\/reference\/[\w.-]+\.md/g, ''],
  [/\bSPEC\.md\b/g, 'docs/product.md'],
  [/\bSPEC §/g, 'docs/product.md §'],
  [/^(\s*(?:\/\*\*|\/\/) )SPEC's\b/gm, "$1The contract's"],
  [/\bSPEC's\b/g, "the contract's"],
  [/\bSPEC (text|defaults|ranges)\b/g, 'contract $1'],
];

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (EXTENSIONS.test(name) && path !== SELF) yield path;
  }
}

let changed = 0;
for (const root of ROOTS) {
  for (const path of files(root)) {
    const before = readFileSync(path, 'utf8');
    const after = REPLACEMENTS.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), before);
    if (after !== before) {
      writeFileSync(path, after);
      changed += 1;
      console.log(`pointed ${path}`);
    }
  }
}
console.log(`${changed} file(s) changed`);
