import { build } from 'esbuild';

// `npm start` runs the server with plain node: this bundles server/start.ts (and the shared src/domain
// code it imports) into one ES module. Packages stay external and load from node_modules, so the
// bundle is small and starts fast. Usage: tsx scripts/buildServer.ts [outDir]

const outdir = process.argv[2] ?? 'dist-server';

await build({
  // The embedded database's worker thread and the child process that creates a fresh one are files of
  // their own (dist-server/db/pgliteWorker.js, dist-server/db/pgliteCreate.js).
  entryPoints: ['server/start.ts', 'server/db/pgliteWorker.ts', 'server/db/pgliteCreate.ts'],
  outbase: 'server',
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});
console.log(`Server bundled into ${outdir}/start.js`);
