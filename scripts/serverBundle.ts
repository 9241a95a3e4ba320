import { build } from 'esbuild';

// The server as `npm start` runs it: server/start.ts (and the shared src/domain code it imports) in one
// ES module, plain node, no TypeScript loader. Packages stay external and load from node_modules, so
// the bundle is small and starts fast, and its folder must sit where node_modules is found.

/** The bundle's own files: the server, and the embedded database's worker thread and the child process
 * that creates a fresh one (db/pgliteWorker.js, db/pgliteCreate.js, found beside start.js). */
export const SERVER_ENTRY_POINTS: Readonly<Record<string, string>> = {
  start: 'server/start.ts',
  'db/pgliteWorker': 'server/db/pgliteWorker.ts',
  'db/pgliteCreate': 'server/db/pgliteCreate.ts',
};

/** Bundles `entryPoints` (output name -> source) into `outdir`, the server's by default. */
export async function bundleServer(outdir: string, entryPoints: Readonly<Record<string, string>> = SERVER_ENTRY_POINTS): Promise<void> {
  await build({
    entryPoints: { ...entryPoints },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}
