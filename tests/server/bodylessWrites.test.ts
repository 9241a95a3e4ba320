import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_ORIGIN } from './members/support/browser';
import { json, useWorld, type Person, type World } from './social/support/world';
import { listen, type Running } from './support/servers';

// Writes that carry nothing, byte for byte as Chromium puts them on the socket: a `fetch(url, { method:
// 'DELETE' })` goes out with neither Content-Length nor Content-Type (HTTP/1.1: no body). In-process
// requests (app.request) cannot show this, since the Node adapter hands every DELETE and POST a body
// stream, so these tests talk to a listening server over a raw TCP connection.

let server: Running | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

interface RawAnswer {
  status: number;
  body: string;
}

/** One request written as raw bytes on a new connection (Connection: close), and the answer as read back. */
function rawRequest(url: string, lines: string[], body = ''): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(`${lines.join('\r\n')}\r\n\r\n${body}`));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = '', ...rest] = received.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]);
      // A chunked answer: the JSON sits between the chunk-size lines.
      const payload = /transfer-encoding: chunked/i.test(head) ? rest.join('\r\n\r\n').split('\r\n').filter((_, i) => i % 2 === 1).join('') : rest.join('\r\n\r\n');
      resolve({ status, body: payload });
    });
  });
}

/** The headers Chromium sends with a same-origin fetch from the app's page (its cookie included). */
function chromiumHeaders(url: string, method: string, path: string, person: Person, origin = APP_ORIGIN, fetchSite = 'same-origin'): string[] {
  return [
    `${method} ${path} HTTP/1.1`,
    `Host: ${new URL(url).host}`,
    'Connection: close',
    'Accept: */*',
    `Origin: ${origin}`,
    `Sec-Fetch-Site: ${fetchSite}`,
    'Sec-Fetch-Mode: cors',
    'Sec-Fetch-Dest: empty',
    `Referer: ${origin}/friends`,
    'Accept-Encoding: gzip, deflate, br, zstd',
    `Cookie: mycelius_session=${person.browser.session() ?? ''}`,
  ];
}

async function listening(app: World['app']): Promise<string> {
  server = await listen(app);
  return server.url;
}

async function requestFromTo(from: Person, to: Person): Promise<string> {
  const created = await from.browser.request('POST', '/api/friends/requests', { toUserId: to.id });
  expect(created.status).toBe(201);
  return (await json<{ request: { id: string } }>(created)).request.id;
}

async function requestsOf(person: Person) {
  return json<{ incoming: unknown[]; outgoing: unknown[] }>(await person.browser.request('GET', '/api/friends/requests'));
}

describe('a DELETE or POST without a body, as Chromium sends it over HTTP/1.1', () => {
  // The check runs before any query, so one engine is enough.
  const world = useWorld('pglite');
  const started = () => listening(world.app);

  it('cancels my own friend request (DELETE, no Content-Length, no Content-Type)', async () => {
    const [alice, bob] = await world.signUpEach('Alice', 'Bob');
    const requestId = await requestFromTo(alice, bob);
    const url = await started();

    const answer = await rawRequest(url, chromiumHeaders(url, 'DELETE', `/api/friends/requests/${requestId}`, alice));

    expect(answer.status).toBe(204);
    expect(await requestsOf(bob)).toEqual({ incoming: [], outgoing: [] });
  });

  it('accepts a request (POST with no body) and then removes the friend (DELETE)', async () => {
    const [alice, bob] = await world.signUpEach('Alice', 'Bob');
    const requestId = await requestFromTo(alice, bob);
    const url = await started();

    const accepted = await rawRequest(url, chromiumHeaders(url, 'POST', `/api/friends/requests/${requestId}/accept`, bob));
    expect(accepted.status).toBe(200);
    expect((await json<{ friends: { username: string }[] }>(await alice.browser.request('GET', '/api/friends'))).friends.map((f) => f.username)).toEqual(['Bob']);

    const removed = await rawRequest(url, chromiumHeaders(url, 'DELETE', `/api/friends/${bob.id}`, alice));
    expect(removed.status).toBe(204);
    expect(await json(await alice.browser.request('GET', '/api/friends'))).toEqual({ friends: [] });
  });

  it('unblocks (DELETE, no body)', async () => {
    const [alice, bob] = await world.signUpEach('Alice', 'Bob');
    expect((await alice.browser.request('POST', '/api/blocks', { userId: bob.id })).status).toBe(201);
    const url = await started();

    const answer = await rawRequest(url, chromiumHeaders(url, 'DELETE', `/api/blocks/${bob.id}`, alice));

    expect(answer.status).toBe(204);
    expect(await json(await alice.browser.request('GET', '/api/blocks'))).toEqual({ blocked: [] });
  });

  it('a body that is there must still be JSON: text/plain with a Content-Length, or chunked with no type, is refused with 415', async () => {
    const [alice, bob] = await world.signUpEach('Alice', 'Bob');
    const url = await started();
    const text = JSON.stringify({ userId: bob.id });

    const withLength = await rawRequest(url, [...chromiumHeaders(url, 'POST', '/api/blocks', alice), 'Content-Type: text/plain', `Content-Length: ${text.length}`], text);
    expect(withLength.status).toBe(415);
    expect(JSON.parse(withLength.body)).toEqual({ error: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'The request body must be JSON (Content-Type: application/json).' } });

    const chunk = `${text.length.toString(16)}\r\n${text}\r\n0\r\n\r\n`;
    const chunked = await rawRequest(url, [...chromiumHeaders(url, 'POST', '/api/blocks', alice), 'Transfer-Encoding: chunked'], chunk);
    expect(chunked.status).toBe(415);

    // Nothing was blocked by either.
    expect(await json(await alice.browser.request('GET', '/api/blocks'))).toEqual({ blocked: [] });
    // The same body declared JSON is served.
    const asJson = await rawRequest(url, [...chromiumHeaders(url, 'POST', '/api/blocks', alice), 'Content-Type: application/json', `Content-Length: ${text.length}`], text);
    expect(asJson.status).toBe(201);
  });

  it('a body-less DELETE from another site is still refused with 403', async () => {
    const [alice, bob] = await world.signUpEach('Alice', 'Bob');
    expect((await alice.browser.request('POST', '/api/blocks', { userId: bob.id })).status).toBe(201);
    const url = await started();

    const foreign = await rawRequest(url, chromiumHeaders(url, 'DELETE', `/api/blocks/${bob.id}`, alice, 'https://evil.example', 'cross-site'));
    expect(foreign.status).toBe(403);
    expect(JSON.parse(foreign.body)).toEqual({ error: { code: 'CROSS_ORIGIN', message: 'This request must come from the Mycelius app itself.' } });
    const noOrigin = await rawRequest(
      url,
      chromiumHeaders(url, 'DELETE', `/api/blocks/${bob.id}`, alice).filter((line) => !/^(Origin|Sec-Fetch-Site):/.test(line)),
    );
    expect(noOrigin.status).toBe(403);

    expect((await json<{ blocked: unknown[] }>(await alice.browser.request('GET', '/api/blocks'))).blocked).toHaveLength(1);
  });
});
