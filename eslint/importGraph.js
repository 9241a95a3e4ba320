import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

// The client's import graph, read from the files as they are on disk, for the rules that judge an
// import by where it leads rather than by how its path is spelled.

const EXTENSIONS = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The file a relative specifier names, or undefined for a package or a file that is not there. */
export function resolveImport(fromFile, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = resolve(dirname(fromFile), specifier.split('?')[0]);
  for (const extension of EXTENSIONS) {
    const candidate = base + extension;
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

// `import type` and `import { type A, type B }` vanish at build time, so they cannot close a cycle that
// runs; `import('...')` loads later, after every module has been evaluated.
const STATIC_IMPORT = /(?:^|\n)\s*(?:import|export)\s+(type\s+)?([^;]*?)\s*from\s*['"]([^'"]+)['"]|(?:^|\n)\s*import\s+['"]([^'"]+)['"]/g;

function isTypeOnly(typeKeyword, clause) {
  if (typeKeyword) return true;
  const trimmed = clause.trim();
  if (!trimmed.startsWith('{')) return false;
  const names = trimmed.slice(1, -1).split(',').map((name) => name.trim()).filter(Boolean);
  return names.length > 0 && names.every((name) => name.startsWith('type '));
}

/** The files a source file imports for their values, resolved. */
export function valueImports(file) {
  const source = readFileSync(file, 'utf8');
  const targets = [];
  for (const match of source.matchAll(STATIC_IMPORT)) {
    const [, typeKeyword, clause, fromSpecifier, bareSpecifier] = match;
    if (fromSpecifier !== undefined && isTypeOnly(typeKeyword, clause ?? '')) continue;
    const target = resolveImport(file, fromSpecifier ?? bareSpecifier);
    if (target && /\.tsx?$/.test(target)) targets.push(target);
  }
  return targets;
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const graphs = new Map();

/** Every file under `root` with its value imports; read once per lint run. */
export function importGraph(root) {
  let graph = graphs.get(root);
  if (!graph) {
    graph = new Map(sourceFiles(root).map((file) => [file, valueImports(file)]));
    graphs.set(root, graph);
  }
  return graph;
}

/** A chain of imports from `start` back to `goal`, or undefined when there is none. */
export function pathBack(graph, start, goal) {
  const cameFrom = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    if (file === goal) {
      const chain = [];
      for (let at = file; at !== undefined; at = cameFrom.get(at)) chain.unshift(at);
      return chain;
    }
    for (const next of graph.get(file) ?? []) {
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return undefined;
}

export const projectPath = (root, file) => relative(root, file).split('\\').join('/');
