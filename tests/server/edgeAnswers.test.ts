import { Hono } from 'hono';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { hostAllowList } from '../../server/lib/hostAllowList';
import { sameOriginJson } from '../../server/lib/sameOrigin';
import { check } from '../../server/lib/validate';
import { listen, type Running } from './support/servers';

// What every answer of the app's edge says, read exactly: the headers that keep a page out of frames,
// windows and devices, the refusal of a foreign host name, the wording of a refused body, and which
// writes count as the app's own (by Origin, by body and by media type, in-process and over a socket).

const config = loadConfig({ PORT: '5173', HOST: '127.0.0.1' });

describe('the headers on every answer', () => {
  it('forbid framing, share no window with other sites and ask for no camera, microphone or location', async () => {
    for (const path of ['/api/health', '/api/no-such-route']) {
      const response = await createApp(config).request(path);
      expect(response.headers.get('X-Frame-Options'), path).toBe('DENY');
      expect(response.headers.get('Cross-Origin-Opener-Policy'), path).toBe('same-origin');
      expect(response.headers.get('Permissions-Policy'), path).toBe('camera=(), microphone=(), geolocation=()');
    }
  });
});

describe('the demo providers', () => {
  it('answer with nothing a cache may keep (their codes and tokens are one-time)', async () => {
    const response = await createApp(config).request('/demo/spotify/authorize');
    expect(response.headers.get('Cache-Control')).toBe('no-store');
  });
});

describe('a request for a host name the server does not answer for', () => {
  it('is refused 421 MISDIRECTED_REQUEST, saying why', async () => {
    const app = new Hono().use('*', hostAllowList(['mycelius.example'])).get('/', (c) => c.text('served'));
    const refused = await app.request('http://rebound.example/');
    expect(refused.status).toBe(421);
    expect(await refused.json()).toEqual({ error: { code: 'MISDIRECTED_REQUEST', message: 'This server does not answer for that host name.' } });
    expect(await (await app.request('http://MYCELIUS.example/')).text()).toBe('served');
  });
});

describe('a refused input is described by its first problem', () => {
  const schema = z.object({ profile: z.object({ age: z.number() }) });

  it('names where the problem is', () => {
    const result = check(schema, { profile: { age: 'old' } });
    const zodSays = schema.safeParse({ profile: { age: 'old' } }).error?.issues[0]?.message;
    expect(result).toEqual({ ok: false, message: `Invalid request. profile.age: ${zodSays}` });
  });

  it('names no place when the whole value is wrong', () => {
    const zodSays = schema.safeParse(7).error?.issues[0]?.message;
    expect(check(schema, 7)).toEqual({ ok: false, message: `Invalid request. ${zodSays}` });
  });

  it('hands back the checked value when there is none', () => {
    expect(check(schema, { profile: { age: 30 } })).toEqual({ ok: true, data: { profile: { age: 30 } } });
  });
});

/** An app that answers 'done' to a POST that passes the same-origin and JSON checks. */
function writeApp(publicOrigin: string) {
  return new Hono().use('*', sameOriginJson(publicOrigin)).post('/write', (c) => c.text('done'));
}

describe('which writes count as the app\'s own', () => {
  const app = writeApp('https://mycelius.example');

  it('one from the address it was sent to, though that is not the public origin (a local install opened by its IP)', async () => {
    const response = await app.request('http://127.0.0.1:8080/write', { method: 'POST', headers: { Origin: 'http://127.0.0.1:8080' } });
    expect(response.status).toBe(200);
  });

  it('not one naming another origin, or none with no Origin and no Sec-Fetch-Site', async () => {
    for (const headers of [{ Origin: 'http://127.0.0.1:9999' }, {}] as Record<string, string>[]) {
      expect((await app.request('http://127.0.0.1:8080/write', { method: 'POST', headers })).status).toBe(403);
    }
  });

  it('a JSON body however its media type is spelled, with parameters and spaces', async () => {
    for (const type of ['application/json', 'Application/JSON; charset=UTF-8', 'application/json ; charset=utf-8']) {
      const response = await app.request('https://mycelius.example/write', { method: 'POST', headers: { Origin: 'https://mycelius.example', 'Content-Type': type }, body: '{}' });
      expect(response.status, type).toBe(200);
    }
  });
});

describe('bodies over a real socket', () => {
  let server: Running;
  beforeAll(async () => {
    server = await listen(writeApp('https://mycelius.example'));
  });
  afterAll(async () => {
    await server.close();
  });

  /** A POST as Node's HTTP client frames it: with exactly these headers and body. */
  function post(headers: Record<string, string>, body: string): Promise<number> {
    const url = new URL(`${server.url}/write`);
    return new Promise((resolve, reject) => {
      const sent = httpRequest({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { Origin: server.url, ...headers } }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      sent.on('error', reject);
      sent.end(body);
    });
  }

  it('a text body is refused 415 though the request came from the app', async () => {
    expect(await post({ 'Content-Type': 'text/plain', 'Content-Length': '5' }, 'hello')).toBe(415);
  });

  it('an empty body (Content-Length: 0) needs no JSON media type', async () => {
    expect(await post({ 'Content-Type': 'text/plain', 'Content-Length': '0' }, '')).toBe(200);
  });
});
