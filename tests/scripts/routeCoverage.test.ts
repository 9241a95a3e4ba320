import { describe, expect, it } from 'vitest';
import {
  assess,
  backendPaths,
  callableRoutes,
  contractPaths,
  coverageReport,
  matchesPath,
  routeOf,
  unifies,
  type Route,
} from '../../scripts/routeCoverage';
import type { ApiCall } from '../e2e/support/apiCallRecords';
import { initiatorOf } from '../e2e/support/apiCalls';

// The route-coverage guard run after the e2e suite: which routes the client can call, which recorded
// browser call each belongs to, and when the run fails.

const call = (method: string, path: string, status: number, extra: Partial<ApiCall> = {}): ApiCall => ({
  file: '/repo/tests/e2e/social.e2e.ts',
  test: 'a test',
  method,
  path,
  status,
  initiator: 'page',
  ...extra,
});

describe('the paths the client can call', () => {
  it('come from every *_ROUTES object (functions called with placeholders) and *_PATH under /api', () => {
    const contract = {
      THING_ROUTES: { list: '/api/things', one: (id: string) => `/api/things/${encodeURIComponent(id)}`, pair: (a: string, b: string) => `/api/things/${a}/with/${b}` },
      LIVE_PATH: '/api/live',
      OTHER_PATH: '/not-api',
      limits: { page: 50 },
      thingsLabel: '/api/ignored-not-a-route-object',
    };
    expect(contractPaths([contract])).toEqual(['/api/things', '/api/things/:param', '/api/things/:param/with/:param', '/api/live']);
  });

  it("come from the client's `${BACKEND_URL}` templates, with the query dropped", () => {
    const source = [
      'const a = await postJson(`${BACKEND_URL}/${provider}/auth/token`, body);',
      'return `${BACKEND_URL}/api/spotify/me/top/${kind}?${query}`;',
      "const unrelated = `${OTHER}/x`; const plain = '/api/not-a-template';",
    ].join('\n');
    expect(backendPaths(source, '/api')).toEqual(['/api/:param/auth/token', '/api/api/spotify/me/top/:param']);
  });

  it('fit a server route when every segment is equal, a parameter, or admitted by its constraint', () => {
    expect(unifies('/api/:param/auth/token', '/api/spotify/auth/token')).toBe(true);
    expect(unifies('/api/friends/:param', '/api/friends/:userId')).toBe(true);
    expect(unifies('/api/api/spotify/me/top/:param', '/api/api/spotify/me/top/:type{artists|tracks}')).toBe(true);
    expect(unifies('/api/api/spotify/me/top/artists', '/api/api/spotify/me/top/:type{artists|tracks}')).toBe(true);
    expect(unifies('/api/api/spotify/me/top/albums', '/api/api/spotify/me/top/:type{artists|tracks}')).toBe(false);
    expect(unifies('/api/friends/:param', '/api/friends/requests/:id')).toBe(false);
    expect(unifies('/api/blocks', '/api/friends')).toBe(false);
  });

  it('are the server routes a client path fits, less the ones the app never calls, plus client paths with no HTTP route as WebSockets', () => {
    const server: Route[] = [
      { method: 'GET', path: '/api/health' },
      { method: 'POST', path: '/api/spotify/auth/token' },
      { method: 'POST', path: '/api/trakt/auth/token' },
      { method: 'GET', path: '/api/chats/:friendId/messages' },
      { method: 'POST', path: '/api/chats/:friendId/messages' },
      { method: 'DELETE', path: '/api/friends/:userId' },
    ];
    const routes = callableRoutes(
      ['/api/:param/auth/token', '/api/chats/:param/messages', '/api/friends/:param', '/api/live'],
      server,
      [{ method: 'POST', path: '/api/chats/:friendId/messages' }],
    );
    expect(routes).toEqual([
      { method: 'POST', path: '/api/spotify/auth/token' },
      { method: 'POST', path: '/api/trakt/auth/token' },
      { method: 'GET', path: '/api/chats/:friendId/messages' },
      { method: 'DELETE', path: '/api/friends/:userId' },
      { method: 'GET', path: '/api/live', websocket: true },
    ]);
  });
});

describe('a recorded call belongs to', () => {
  const routes: Route[] = [
    { method: 'DELETE', path: '/api/friends/:userId' },
    { method: 'GET', path: '/api/friends/requests' },
    { method: 'DELETE', path: '/api/friends/requests/:id' },
    { method: 'GET', path: '/api/friends/:userId' },
  ];

  it('the route of its method whose path it fits, the most literal one first', () => {
    expect(routeOf(routes, { method: 'DELETE', path: '/api/friends/0b7c' })).toEqual({ method: 'DELETE', path: '/api/friends/:userId' });
    expect(routeOf(routes, { method: 'DELETE', path: '/api/friends/requests/9f2e' })).toEqual({ method: 'DELETE', path: '/api/friends/requests/:id' });
    expect(routeOf(routes, { method: 'GET', path: '/api/friends/requests' })).toEqual({ method: 'GET', path: '/api/friends/requests' });
    expect(routeOf(routes, { method: 'POST', path: '/api/friends/0b7c' })).toBeUndefined();
    expect(routeOf(routes, { method: 'DELETE', path: '/api/friends' })).toBeUndefined();
  });

  it('with percent-encoded segments decoded, and a constrained parameter only for the values it admits', () => {
    expect(matchesPath('/api/steam/resolve/:vanity', '/api/steam/resolve/some%20name')).toBe(true);
    expect(matchesPath('/api/api/trakt/sync/watchlist/:kind{shows|movies}', '/api/api/trakt/sync/watchlist/movies')).toBe(true);
    expect(matchesPath('/api/api/trakt/sync/watchlist/:kind{shows|movies}', '/api/api/trakt/sync/watchlist/books')).toBe(false);
  });
});

describe('the run', () => {
  const routes: Route[] = [
    { method: 'DELETE', path: '/api/blocks/:userId' },
    { method: 'POST', path: '/api/reports' },
    { method: 'GET', path: '/api/live', websocket: true },
  ];
  const excluded: Route[] = [{ method: 'POST', path: '/api/chats/:friendId/read' }];

  it('passes when every route was answered a success (2xx, 3xx, 101 for the socket) to the browser', () => {
    const coverage = assess(routes, [call('DELETE', '/api/blocks/b1', 204), call('POST', '/api/reports', 201), call('GET', '/api/live', 101, { websocket: true })], excluded);
    expect(coverage.failed).toBe(false);
    expect(coverage.routes.map((row) => row.problem)).toEqual([undefined, undefined, undefined]);
  });

  it('fails for a route the browser never reached, or reached only with refusals, or only through test code in a page', () => {
    const coverage = assess(
      routes,
      [
        call('DELETE', '/api/blocks/b1', 404),
        call('POST', '/api/reports', 201, { initiator: 'test' }),
        call('GET', '/api/live', 101, { websocket: true }),
      ],
      excluded,
    );
    expect(coverage.failed).toBe(true);
    expect(coverage.routes.map((row) => row.problem)).toEqual(['never answered with a success to the browser', 'never answered with a success to the browser', undefined]);
    expect(coverage.routes[1]!.testCalls).toHaveLength(1);
  });

  it('fails for a route answered 415 or 5xx to the browser, even beside successes', () => {
    const coverage = assess(
      routes,
      [
        call('DELETE', '/api/blocks/b1', 204),
        call('DELETE', '/api/blocks/b2', 415),
        call('POST', '/api/reports', 201),
        call('POST', '/api/reports', 503),
        call('GET', '/api/live', 101, { websocket: true }),
      ],
      excluded,
    );
    expect(coverage.routes.map((row) => row.problem)).toEqual(['answered 415 to the browser', 'answered 503 to the browser', undefined]);
    expect(coverage.failed).toBe(true);
  });

  it('fails for a 5xx on a path no route fits, and when the browser calls a route listed as never called by the app', () => {
    const reached = [call('DELETE', '/api/blocks/b1', 204), call('POST', '/api/reports', 201), call('GET', '/api/live', 101, { websocket: true })];
    const elsewhere = assess(routes, [...reached, call('GET', '/api/nowhere', 500), call('GET', '/api/nowhere-else', 404)], excluded);
    expect(elsewhere.elsewhere.map((entry) => entry.problem)).toEqual(['answered 500 to the browser', undefined]);
    expect(elsewhere.failed).toBe(true);

    const stale = assess(routes, [...reached, call('POST', '/api/chats/f1/read', 204)], excluded);
    expect(stale.staleExclusions).toEqual([{ method: 'POST', path: '/api/chats/:friendId/read' }]);
    expect(stale.failed).toBe(true);
  });

  it('prints each route with its status counts and the files that reached it', () => {
    const coverage = assess(
      routes,
      [call('DELETE', '/api/blocks/b1', 204), call('DELETE', '/api/blocks/b2', 204, { file: '/repo/tests/e2e/memberButtons.e2e.ts' }), call('GET', '/api/live', 101, { websocket: true })],
      excluded,
    );
    expect(coverageReport(coverage, '/repo').split('\n')).toEqual([
      'Routes the client can call, and how the browser reached them in the e2e run:',
      '  ok   DELETE /api/blocks/:userId  status 204×2',
      '         from tests/e2e/social.e2e.ts×1 tests/e2e/memberButtons.e2e.ts×1',
      '  FAIL POST /api/reports  status -  <- never answered with a success to the browser',
      '  ok   GET /api/live (WebSocket)  status 101×1',
      '         from tests/e2e/social.e2e.ts×1',
      'Route coverage FAILED: every route above must be answered with a success to a page of the e2e suite (a test pressing the button that calls it), and none with a 5xx or 415.',
    ]);
  });
});

describe('who made a recorded call', () => {
  it("is the test when a script started it and no frame of its stack belongs to a loaded script (page.evaluate's functions have no URL)", () => {
    expect(initiatorOf({ type: 'script', stack: { callFrames: [{ url: '' }, { url: '' }] } })).toBe('test');
    expect(initiatorOf({ type: 'script', stack: { callFrames: [{ url: '' }], parent: { callFrames: [{ url: '' }] } } })).toBe('test');
  });

  it("is the page for the app's own scripts (any frame with a URL, async parents included) and for navigations", () => {
    expect(initiatorOf({ type: 'script', stack: { callFrames: [{ url: 'http://127.0.0.1:4173/assets/index-abc.js' }] } })).toBe('page');
    expect(initiatorOf({ type: 'script', stack: { callFrames: [{ url: '' }], parent: { callFrames: [{ url: 'http://127.0.0.1:4173/assets/people-1.js' }] } } })).toBe('page');
    expect(initiatorOf({ type: 'other' })).toBe('page');
    expect(initiatorOf({ type: 'parser' })).toBe('page');
  });
});
