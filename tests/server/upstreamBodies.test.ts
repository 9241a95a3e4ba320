import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { SAME_ORIGIN_JSON, testConfig } from './support/servers';

// Outside answers are read as streams and cut at 1 MB; a stalled body is a timeout; Gemini never
// follows a redirect, so its key cannot be carried to another host.

const MB = 1024 * 1024;

interface Upstream {
  url: string;
  /** Bytes this server managed to write before the reader went away. */
  sent: () => number;
  requests: IncomingHttpHeaders[];
}

const running: Server[] = [];
afterEach(async () => {
  await Promise.all(
    running.splice(0).map(
      (server) =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    ),
  );
});

/** A raw HTTP server whose handler writes what the test wants, counting the bytes that went out. */
type Handler = (write: (chunk: Buffer) => boolean, res: ServerResponse, waitDrain: () => Promise<void>) => Promise<void> | void;

function upstream(handle: Handler): Promise<Upstream> {
  let sent = 0;
  const requests: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    requests.push(req.headers);
    const write = (chunk: Buffer) => {
      sent += chunk.length;
      return res.write(chunk);
    };
    const waitDrain = () => new Promise<void>((resolve) => res.once('drain', () => resolve()));
    res.on('error', () => undefined);
    void handle(write, res, waitDrain);
  });
  running.push(server);
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, sent: () => sent, requests });
    });
  });
}

/** Streams `total` bytes of a JSON-looking body in 64 KB chunks, honouring back-pressure, until the reader leaves. */
function hugeBody(total: number, headers: Record<string, string> = {}) {
  return upstream(async (write, res, waitDrain) => {
    res.writeHead(200, { 'Content-Type': 'application/json', ...headers });
    write(Buffer.from('{"items":["'));
    const chunk = Buffer.alloc(64 * 1024, 'a');
    for (let written = 0; written < total && !res.destroyed; written += chunk.length) {
      if (!write(chunk)) await waitDrain();
    }
    res.end('"]}');
  });
}

describe('upstream bodies are cut at 1 MB', () => {
  it('a 200 MB answer to a data proxy gives 502 after reading about 1 MB, not 200', async () => {
    const big = await hugeBody(200 * MB);
    const app = createApp(testConfig({ spotify: big.url }));
    const response = await app.request('/api/api/spotify/me/top/artists', { headers: { Authorization: 'Bearer t' } });
    expect(response.status).toBe(502);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('UPSTREAM_ERROR');
    // What left the upstream before the reader hung up: the cap plus socket buffers, far from 200 MB.
    expect(big.sent()).toBeLessThan(16 * MB);
  });

  it('a declared Content-Length over the cap is refused before reading', async () => {
    const declared = await upstream((write, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(200 * MB) });
      write(Buffer.from('{"response":{'));
    });
    const app = createApp(testConfig({ steam: declared.url }));
    expect((await app.request('/api/steam/resolve/someone')).status).toBe(502);
  });

  it('an answer just under the cap is read whole and served', async () => {
    const items = Array.from({ length: 50 }, (_, i) => ({ name: `artist ${i}`, bio: 'x'.repeat(19_000) }));
    const page = JSON.stringify({ limit: 50, offset: 0, total: 50, items });
    expect(page.length).toBeGreaterThan(0.9 * MB);
    const fine = await upstream((_write, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(page);
    });
    const app = createApp(testConfig({ spotify: fine.url }));
    const response = await app.request('/api/api/spotify/me/top/artists', { headers: { Authorization: 'Bearer t' } });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { items: unknown[] }).items).toHaveLength(50);
  });

  it('a body that stalls mid-way is a timeout: 504', async () => {
    const stalled = await upstream((write, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      write(Buffer.from('{"limit":20,"items":['));
      // ...and nothing more.
    });
    const app = createApp(testConfig({ spotify: stalled.url }, { UPSTREAM_TIMEOUT_MS: '200' }));
    const response = await app.request('/api/api/spotify/me/top/artists', { headers: { Authorization: 'Bearer t' } });
    expect(response.status).toBe(504);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('UPSTREAM_TIMEOUT');
  });
});

describe('Gemini', () => {
  const KEY = 'GEMINI-REDIRECT-KEY-8d1f';
  const ask = (baseUrl: string) =>
    createApp(loadConfig({ GEMINI_API_KEY: KEY, GEMINI_BASE_URL: baseUrl, AI_TIMEOUT_MS: '5000' })).request('/api/ai/hot-takes/prompt', {
      method: 'POST',
      headers: SAME_ORIGIN_JSON,
      body: JSON.stringify({ interests: ['Metal'] }),
    });

  it('a redirect is not followed: the key never reaches the redirect target', async () => {
    const target = await upstream((_write, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ candidates: [{ content: { parts: [{ text: 'stolen' }] } }] }));
    });
    for (const status of [301, 302, 307, 308]) {
      const redirecting = await upstream((_write, res) => {
        res.writeHead(status, { Location: `${target.url}/collect` });
        res.end();
      });
      const response = await ask(redirecting.url);
      expect(response.status, String(status)).toBe(502);
      expect(redirecting.requests[0]?.['x-goog-api-key']).toBe(KEY);
    }
    expect(target.requests).toEqual([]);
  });

  it('a 200 MB answer is cut at 1 MB: 502', async () => {
    const big = await hugeBody(200 * MB);
    const response = await ask(big.url);
    expect(response.status).toBe(502);
    expect(big.sent()).toBeLessThan(16 * MB);
  });
});
