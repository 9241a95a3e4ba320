import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// After `vite build`: writes a brotli (.br) and a gzip (.gz) copy next to every text file of the
// build, at the highest levels (done once, so the server never compresses per request). The server
// sends them to browsers that accept them (server/static.ts). Usage: tsx scripts/compress.ts [distDir]

const TEXT = new Set(['.html', '.js', '.mjs', '.css', '.json', '.svg', '.webmanifest', '.txt', '.xml']);
// Below this a compressed copy saves less than the request overhead.
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => !name.startsWith('.'))
    .flatMap((name) => {
      const full = join(dir, name);
      return statSync(full).isDirectory() ? filesUnder(full) : [full];
    });
}

export function compressDist(distDir: string): { files: number; before: number; brotli: number } {
  let files = 0;
  let before = 0;
  let brotli = 0;
  for (const file of filesUnder(distDir)) {
    if (!TEXT.has(extname(file).toLowerCase())) continue;
    const body = readFileSync(file);
    if (body.length < MIN_BYTES) continue;
    const br = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    const gz = gzipSync(body, { level: constants.Z_BEST_COMPRESSION });
    if (br.length < body.length) writeFileSync(`${file}.br`, br);
    if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
    files += 1;
    before += body.length;
    brotli += Math.min(br.length, body.length);
  }
  return { files, before, brotli };
}

const isEntry = process.argv[1] !== undefined && resolve(process.argv[1]).endsWith(join('scripts', 'compress.ts'));
if (isEntry) {
  const dist = process.argv[2] ?? 'dist';
  const { files, before, brotli } = compressDist(dist);
  console.log(`Compressed ${files} files in ${dist}: ${Math.round(before / 1024)} KB -> ${Math.round(brotli / 1024)} KB with brotli`);
}
