import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createServerApp } from '../../server/main';
import { compressDist } from '../../scripts/compress';
import { SAME_ORIGIN_JSON } from './support/servers';

// Caching, compression and the 404 of a missing chunk, on a small build laid out as Vite writes it.

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const INDEX = `<!doctype html><html><head><title>Mycelius</title></head><body><div id="root">${'<p>splash</p>'.repeat(200)}</div></body></html>`;
const APP_JS = `export const screens = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `screen-${i}`))};`;

function builtApp(env: Record<string, string> = {}) {
  const dist = mkdtempSync(join(tmpdir(), 'mycelius-static-'));
  dirs.push(dist);
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  writeFileSync(join(dist, 'assets', 'index-Ab12Cd34.js'), APP_JS);
  writeFileSync(join(dist, 'assets', 'tiny-Ef56Gh78.css'), 'a{}');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  writeFileSync(join(dist, '.vite', 'manifest.json'), '{}');
  compressDist(dist);
  return createServerApp({ ...loadConfig({ PUBLIC_ORIGIN: 'http://127.0.0.1:5999', ...env }), distDir: dist });
}

describe('cache headers', () => {
  const app = builtApp();

  it('hashed assets are immutable for a year', async () => {
    const response = await app.request('/assets/index-Ab12Cd34.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8');
  });

  it('HTML is revalidated: no-cache with an ETag, and a matching If-None-Match gets 304', async () => {
    for (const path of ['/', '/profile', '/games/hottakes/anim']) {
      const response = await app.request(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('Cache-Control'), path).toBe('no-cache');
      expect(await response.text()).toBe(INDEX);
      const etag = response.headers.get('ETag') as string;
      expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
      const again = await app.request(path, { headers: { 'If-None-Match': etag } });
      expect(again.status, path).toBe(304);
      expect(await again.text()).toBe('');
      expect((await app.request(path, { headers: { 'If-None-Match': '"something-else"' } })).status).toBe(200);
    }
  });

  it('/api answers are never stored', async () => {
    for (const response of [
      await app.request('/api/health'),
      await app.request('/api/config'),
      await app.request('/api/nothing'),
      await app.request('/api/spotify/auth/token', { method: 'POST', headers: SAME_ORIGIN_JSON, body: '{}' }),
    ]) {
      expect(response.headers.get('Cache-Control')).toBe('no-store');
    }
  });
});

describe('a missing asset', () => {
  it('is a 404, not the HTML page (an old tab after a deploy must not run HTML as JavaScript)', async () => {
    const app = builtApp();
    for (const path of ['/assets/index-OldHash0.js', '/assets/gone.css', '/assets/']) {
      const response = await app.request(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('Content-Type'), path).not.toContain('text/html');
      expect(response.headers.get('Cache-Control')).toBe('no-store');
    }
  });

  it('build records in dot-folders are not served', async () => {
    const response = await builtApp().request('/.vite/manifest.json');
    expect(response.headers.get('Content-Type')).toContain('text/html');
  });
});

describe('compression', () => {
  const app = builtApp();

  it('sends the brotli copy to browsers that accept it, else gzip, else the plain file; always Vary', async () => {
    const br = await app.request('/assets/index-Ab12Cd34.js', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(br.headers.get('Vary')).toBe('Accept-Encoding');
    const brBody = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get('Content-Length'))).toBe(brBody.length);
    expect(brBody.length).toBeLessThan(APP_JS.length / 2);
    expect(brotliDecompressSync(brBody).toString()).toBe(APP_JS);

    const gz = await app.request('/assets/index-Ab12Cd34.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(APP_JS);

    const plain = await app.request('/assets/index-Ab12Cd34.js', { headers: { 'Accept-Encoding': 'br;q=0, identity' } });
    expect(plain.headers.get('Content-Encoding')).toBeNull();
    expect(plain.headers.get('Vary')).toBe('Accept-Encoding');
    expect(await plain.text()).toBe(APP_JS);
  });

  it('compressed HTML keeps its own ETag per encoding and still answers 304', async () => {
    const br = await app.request('/', { headers: { 'Accept-Encoding': 'br' } });
    expect(br.headers.get('Content-Encoding')).toBe('br');
    const plain = await app.request('/');
    expect(br.headers.get('ETag')).not.toBe(plain.headers.get('ETag'));
    const again = await app.request('/', { headers: { 'Accept-Encoding': 'br', 'If-None-Match': br.headers.get('ETag') as string } });
    expect(again.status).toBe(304);
  });

  it('tiny files are sent as they are', async () => {
    const css = await app.request('/assets/tiny-Ef56Gh78.css', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(css.headers.get('Content-Encoding')).toBeNull();
    expect(await css.text()).toBe('a{}');
  });
});

describe('HSTS', () => {
  it('is sent when the public origin is https, on pages and /api', async () => {
    const app = builtApp({ HOST: '0.0.0.0', PUBLIC_ORIGIN: 'https://mycelius.example' });
    for (const path of ['/', '/api/health', '/assets/index-Ab12Cd34.js']) {
      const response = await app.request(`https://mycelius.example${path}`);
      expect(response.headers.get('Strict-Transport-Security'), path).toBe('max-age=31536000');
    }
  });

  it('is not sent over plain http (a local install)', async () => {
    expect((await builtApp().request('/')).headers.get('Strict-Transport-Security')).toBeNull();
  });
});
