import { vi } from 'vitest';
import type { ClientConfig } from '../../src/shared/http/config';

// A fetch stand-in for service tests: routes by method + path (query ignored), records every call.

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: unknown;
}

type Reply = { status?: number; body?: unknown } | 'network-error';
type Handler = (call: RecordedCall) => Reply;

export function json(body: unknown, status = 200): Reply {
  return { status, body };
}

export function mockFetch(routes: Record<string, Handler | Reply | Reply[]>) {
  const calls: RecordedCall[] = [];
  const counters = new Map<string, number>();
  const fetchMock = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : input, 'http://127.0.0.1');
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => (headers[key.toLowerCase()] = value));
    const call: RecordedCall = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      headers,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const key = `${call.method} ${call.path}`;
    const route = routes[key];
    if (route === undefined) throw new Error(`unexpected ${key}`);
    let reply: Reply;
    if (typeof route === 'function') reply = route(call);
    else if (Array.isArray(route)) {
      const n = counters.get(key) ?? 0;
      counters.set(key, n + 1);
      reply = route[Math.min(n, route.length - 1)]!;
    } else reply = route;
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(JSON.stringify(reply.body ?? {}), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export const demoConfig: ClientConfig = {
  spotify: {
    clientId: 'spotify-client',
    authorizeUrl: 'http://127.0.0.1:5173/demo/spotify/authorize',
    redirectUri: 'http://127.0.0.1:5173/spotify/callback',
    scopes: [
      'user-read-private',
      'user-read-email',
      'user-top-read',
      'user-read-recently-played',
      'user-library-read',
      'playlist-read-private',
      'playlist-read-collaborative',
      'user-follow-read',
      'user-read-currently-playing',
      'user-read-playback-state',
    ],
    demo: true,
  },
  trakt: {
    clientId: 'trakt-client',
    authorizeUrl: 'http://127.0.0.1:5173/demo/trakt/oauth/authorize',
    redirectUri: 'http://127.0.0.1:5173/callback',
    demo: true,
  },
  steam: { demo: true },
  ai: { provider: 'local' },
  version: '1.0.0',
};
