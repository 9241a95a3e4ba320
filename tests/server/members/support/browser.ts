import type { Hono } from 'hono';

// A stand-in for one browser talking to the app in-process: it keeps the session cookie it is
// given (as a browser would) and comes from one client address.

export const APP_ORIGIN = 'http://127.0.0.1:5999';
const COOKIE_NAME = 'mycelius_session';

export interface Browser {
  request(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Response>;
  /** The session cookie's value as this browser holds it now (undefined when none). */
  session(): string | undefined;
  setSession(value: string | undefined): void;
}

export function parseSetCookie(response: Response): { value: string; attributes: string[] } | undefined {
  const header = response.headers.getSetCookie().find((line) => line.startsWith(`${COOKIE_NAME}=`));
  if (!header) return undefined;
  const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
  return { value: decodeURIComponent(pair.slice(COOKIE_NAME.length + 1)), attributes };
}

export function browser(app: Hono, options: { address?: string; origin?: string } = {}): Browser {
  let cookie: string | undefined;
  const env = { incoming: { socket: { remoteAddress: options.address ?? '192.0.2.1' } } };
  return {
    async request(method, path, body, headers = {}) {
      const all: Record<string, string> = { Origin: options.origin ?? APP_ORIGIN, ...headers };
      if (body !== undefined) all['Content-Type'] = 'application/json';
      if (cookie) all.Cookie = `${COOKIE_NAME}=${cookie}`;
      const response = await app.request(path, { method, headers: all, body: body === undefined ? undefined : JSON.stringify(body) }, env);
      const set = parseSetCookie(response);
      if (set) {
        const expired = set.value === '' || set.attributes.some((a) => /^max-age=0$/i.test(a));
        cookie = expired ? undefined : set.value;
      }
      return response;
    },
    session: () => cookie,
    setSession(value) {
      cookie = value;
    },
  };
}
