import { bundleServer } from './serverBundle';

// `npm start` runs the server with plain node on this bundle (scripts/serverBundle.ts says what is in it).
// Usage: tsx scripts/buildServer.ts [outDir]

const outdir = process.argv[2] ?? 'dist-server';
await bundleServer(outdir);
console.log(`Server bundled into ${outdir}/start.js`);
