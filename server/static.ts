import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import type { Context } from 'hono';

// The built app, served from memory (the whole dist is well under a few MB and never changes while
// the server runs). Hashed files under /assets/ are cached for a year; everything else, HTML first,
// is revalidated with its ETag. Text files are sent as the brotli or gzip copy the build wrote next to
// them (scripts/compress.ts) when the browser accepts it. A missing /assets/ file is a 404: after a
// deploy, an old tab asking for last version's chunk must fail loudly, not get HTML as JavaScript.

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.wasm': 'application/wasm',
};

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

type Coding = 'br' | 'gzip';

interface Variant {
  body: Buffer;
  etag: string;
}

interface StaticFile {
  type: string;
  cacheControl: string;
  identity: Variant;
  encoded: Partial<Record<Coding, Variant>>;
}

const ENCODED_SUFFIX: Record<Coding, string> = { br: '.br', gzip: '.gz' };

/** Every file to serve; dot-folders (Vite's .vite/manifest.json) are build records, not the site. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => !name.startsWith('.'))
    .flatMap((name) => {
      const full = join(dir, name);
      return statSync(full).isDirectory() ? filesUnder(full) : [full];
    });
}

function etagOf(body: Buffer, coding?: Coding): string {
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 22);
  return `"${hash}${coding ? `-${coding}` : ''}"`;
}

function load(distDir: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  for (const full of filesUnder(distDir)) {
    if (full.endsWith('.br') || full.endsWith('.gz')) continue;
    const urlPath = `/${relative(distDir, full).split(sep).join('/')}`;
    const body = readFileSync(full);
    const encoded: StaticFile['encoded'] = {};
    for (const coding of ['br', 'gzip'] as const) {
      const path = `${full}${ENCODED_SUFFIX[coding]}`;
      if (existsSync(path)) {
        const copy = readFileSync(path);
        encoded[coding] = { body: copy, etag: etagOf(body, coding) };
      }
    }
    files.set(urlPath, {
      type: TYPES[extname(full).toLowerCase()] ?? 'application/octet-stream',
      cacheControl: urlPath.startsWith('/assets/') ? IMMUTABLE : REVALIDATE,
      identity: { body, etag: etagOf(body) },
      encoded,
    });
  }
  return files;
}

/** The codings the browser accepts (q > 0), from Accept-Encoding. */
function accepted(header: string | undefined): Set<string> {
  const out = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name !== '' && (q === undefined || Number(q.slice(2)) > 0)) out.add(name);
  }
  return out;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

function respond(c: Context, file: StaticFile): Response {
  const codings = accepted(c.req.header('Accept-Encoding'));
  const coding = (['br', 'gzip'] as const).find((name) => file.encoded[name] !== undefined && codings.has(name));
  const variant = coding ? (file.encoded[coding] as Variant) : file.identity;
  const headers = new Headers({ 'Content-Type': file.type, 'Cache-Control': file.cacheControl, ETag: variant.etag });
  if (Object.keys(file.encoded).length > 0) headers.set('Vary', 'Accept-Encoding');
  if (coding) headers.set('Content-Encoding', coding);
  if (matches(c.req.header('If-None-Match'), variant.etag)) return new Response(null, { status: 304, headers });
  headers.set('Content-Length', String(variant.body.length));
  return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(variant.body), { status: 200, headers });
}

/**
 * A handler for GET/HEAD of the built app: the file at the path, else a prerendered page
 * (`/x.html` or `/x/index.html`), else index.html for the client-side router.
 */
export function staticSite(distDir: string) {
  const files = load(distDir);
  const index = files.get('/index.html');
  if (!index) throw new Error(`No index.html in ${distDir}: run the build first (npm run build).`);
  return (c: Context): Response => {
    let path: string;
    try {
      path = decodeURIComponent(c.req.path);
    } catch {
      return c.text('Bad request', 400);
    }
    const file = files.get(path);
    if (file) return respond(c, file);
    if (path.startsWith('/assets/')) {
      c.header('Cache-Control', 'no-store');
      return c.text('Not found', 404);
    }
    const trimmed = path.replace(/\/+$/, '');
    const page = files.get(`${trimmed}.html`) ?? files.get(`${trimmed}/index.html`) ?? index;
    return respond(c, page);
  };
}
