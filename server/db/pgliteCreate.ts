import { PGlite } from '@electric-sql/pglite';
import { pgliteOptions } from './pgliteSettings';

// A child process that creates a fresh embedded database and exits (started by pgliteCreation.ts).
// Creating one runs initdb in WebAssembly beside a second PGlite instance, which takes the process to
// several hundred MB that the server would otherwise keep for good; here it all goes back to the system
// when the process ends. Usage: node pgliteCreate.js <dataDir>

const dataDir = process.argv[2];
if (!dataDir) throw new Error('pgliteCreate.ts needs the data folder as its argument (see pgliteCreation.ts).');
// The server that started this process has ended (even by kill -9): stop at the next turn of the event
// loop (initdb itself runs in one uninterrupted stretch) rather than run on alone.
const parentGone = () => process.exit(1);
process.on('disconnect', parentGone);
const pglite = await PGlite.create(pgliteOptions(dataDir));
await pglite.close();
process.off('disconnect', parentGone);
// The open channel would keep this process alive.
process.disconnect?.();
