import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { importGraph, pathBack, projectPath, resolveImport } from './importGraph.js';

// Two rules about where an import leads, for the client in src/:
// - features/* use one another only through the other feature's public entries: index.ts (its flows,
//   services and types) and components.ts (what it offers other features' screens); and the shared kernel (src/domain, src/shared) never reaches up into a feature or the app;
// - no import cycles: a chain of value imports never comes back to the file it started from.

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const FEATURE = /^src\/features\/([^/]+)\/(.+)$/;
const FEATURE_ENTRY = /^src\/features\/([^/]+)\/(index|components)\.ts$/;

function sourcesOf(node) {
  if ((node.type === 'ImportDeclaration' || node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') && node.source) return node.source;
  if (node.type === 'ImportExpression' && node.source.type === 'Literal') return node.source;
  return undefined;
}

function eachImport(context, check) {
  const visit = (node) => {
    const source = sourcesOf(node);
    if (source && typeof source.value === 'string') check(node, source.value);
  };
  return { ImportDeclaration: visit, ExportNamedDeclaration: visit, ExportAllDeclaration: visit, ImportExpression: visit };
}

const featureBoundaries = {
  meta: { type: 'problem', schema: [], docs: { description: 'A feature uses another only through its public entry; the shared kernel sits below all features.' } },
  create(context) {
    const from = projectPath(ROOT, context.filename);
    const fromFeature = FEATURE.exec(from)?.[1];
    const inKernel = from.startsWith('src/domain/') || from.startsWith('src/shared/');
    return eachImport(context, (node, specifier) => {
      const target = resolveImport(context.filename, specifier);
      if (!target) return;
      const to = projectPath(ROOT, target);
      const toFeature = FEATURE.exec(to)?.[1];
      if (inKernel && (toFeature || to.startsWith('src/app/'))) {
        context.report({ node, message: `${from} is part of the shared kernel, which sits below every feature and the app: it may not import ${to}.` });
      } else if (fromFeature && to.startsWith('src/app/')) {
        context.report({ node, message: `A feature does not import the app that assembles it (${to}); pass what it needs in, or move it below the features.` });
      } else if (fromFeature && toFeature && toFeature !== fromFeature && !FEATURE_ENTRY.test(to)) {
        context.report({ node, message: `The ${fromFeature} feature may use the ${toFeature} feature only through its public entries (src/features/${toFeature}/index.ts, or components.ts for screens), not ${to}.` });
      }
    });
  },
};

const noImportCycles = {
  meta: { type: 'problem', schema: [], docs: { description: 'No chain of value imports leads back to the importing file.' } },
  create(context) {
    const graph = importGraph(join(ROOT, 'src'));
    const file = context.filename;
    if (!graph.has(file)) return {};
    return {
      ImportDeclaration(node) {
        if (node.importKind === 'type' || (node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type'))) return;
        const target = resolveImport(file, String(node.source.value));
        if (!target || !graph.has(target)) return;
        const chain = pathBack(graph, target, file);
        if (chain) context.report({ node, message: `Import cycle: ${[file, ...chain].map((f) => projectPath(ROOT, f)).join(' -> ')}` });
      },
    };
  },
};

export const local = { rules: { 'feature-boundaries': featureBoundaries, 'no-import-cycles': noImportCycles } };
