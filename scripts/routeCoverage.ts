import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import { createApp } from '../server/app';
import { loadConfig } from '../server/config';
import type { Database } from '../server/db/schema';
import { API_CALLS_DIR, type ApiCall } from '../tests/e2e/support/apiCallRecords';

// After the e2e run (scripts/test.sh): every /api route the app's client can call must have been
// answered with a success (2xx, 3xx, or 101 for the live socket) to a page of the e2e suite, and none
// may have been answered 5xx or 415 to one. The routes are the paths of the wire contracts
// (src/domain: every *_ROUTES object and *_PATH) and of the client's own calls to the original proxy
// routes (`${BACKEND_URL}/...` in src), each with the methods the server answers on that path. Calls
// from test set-up (Node's fetch, Playwright's request, page.evaluate) are recorded apart and never
// count (tests/e2e/support/apiCalls.ts). A route that fails here is one a person can reach but no test
// ever saw work in a browser.

export interface Route {
  method: string;
  /** Hono's syntax: `/api/friends/:userId`, `/api/api/spotify/me/top/:type{artists|tracks}`. */
  path: string;
  /** A client path with no HTTP route on the server: the live WebSocket (answered 101). */
  websocket?: boolean;
}

/**
 * Routes the server answers on a contract path that the app itself never calls, and why. None today:
 * a route no client calls is removed rather than listed here.
 */
export const NOT_CALLED_BY_THE_APP: readonly (Route & { why: string })[] = [];

const PARAM = '__param__';

function segments(path: string): string[] {
  return path.split('?')[0]!.split('/').filter(Boolean);
}

/** A client path with its variable parts (the placeholder or a `${...}`) as `:param` segments. */
export function toPattern(path: string): string {
  return `/${segments(path)
    .map((segment) => (segment.includes(PARAM) || segment.includes('${') ? ':param' : segment))
    .join('/')}`;
}

/** The paths of the contracts' *_ROUTES objects (functions called with placeholders) and *_PATH strings under /api. */
export function contractPaths(modules: readonly Record<string, unknown>[]): string[] {
  const paths: string[] = [];
  const add = (value: unknown) => {
    if (typeof value === 'string' && value.startsWith('/api/')) paths.push(toPattern(value));
    if (typeof value === 'function') {
      const made: unknown = (value as (...args: string[]) => unknown)(...Array.from({ length: Math.max(1, value.length) }, () => PARAM));
      if (typeof made === 'string' && made.startsWith('/api/')) paths.push(toPattern(made));
    }
  };
  for (const module of modules) {
    for (const [name, value] of Object.entries(module)) {
      if (name.endsWith('_ROUTES') && typeof value === 'object' && value !== null) Object.values(value).forEach(add);
      if (name.endsWith('_PATH')) add(value);
    }
  }
  return [...new Set(paths)];
}

/** The client's template paths on the backend (`${BACKEND_URL}/steam/resolve/${...}`), query dropped. */
export function backendPaths(source: string, backendUrl: string): string[] {
  const paths: string[] = [];
  for (const match of source.matchAll(/`\$\{BACKEND_URL\}(\/[^`?]*)/g)) paths.push(toPattern(`${backendUrl}${match[1]}`));
  return paths;
}

function isParam(segment: string): boolean {
  return segment.startsWith(':');
}

/** A route segment `:name{a|b}` admits a literal only when its pattern matches it whole. */
function admits(routeSegment: string, literal: string): boolean {
  if (!isParam(routeSegment)) return routeSegment === literal;
  const constraint = /\{(.+)\}$/.exec(routeSegment)?.[1];
  return constraint === undefined || new RegExp(`^(?:${constraint})$`).test(literal);
}

/** Whether some concrete path fits both the client pattern and the server route. */
export function unifies(clientPattern: string, routePath: string): boolean {
  const client = segments(clientPattern);
  const route = segments(routePath);
  return client.length === route.length && client.every((segment, i) => isParam(segment) || admits(route[i]!, segment));
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Whether a concrete request path (as the browser sent it) is one of this route's. */
export function matchesPath(routePath: string, concretePath: string): boolean {
  const route = segments(routePath);
  const concrete = segments(concretePath).map(decoded);
  return route.length === concrete.length && route.every((segment, i) => admits(segment, concrete[i]!));
}

/** The route a call was answered by: the same method, and of several matching paths the one with most literal segments. */
export function routeOf(routes: readonly Route[], call: Pick<ApiCall, 'method' | 'path'>): Route | undefined {
  const literals = (route: Route) => segments(route.path).filter((segment) => !isParam(segment)).length;
  return routes
    .filter((route) => route.method === call.method && matchesPath(route.path, call.path))
    .sort((a, b) => literals(b) - literals(a))[0];
}

function sameRoute(a: Route, b: Route): boolean {
  return a.method === b.method && a.path === b.path;
}

/**
 * The routes the client can call: each server route under /api that a client path fits, less those the
 * app never calls; and each client path no server route fits, as a WebSocket (GET).
 */
export function callableRoutes(clientPatterns: readonly string[], serverRoutes: readonly Route[], notCalled: readonly Route[] = NOT_CALLED_BY_THE_APP): Route[] {
  const routes: Route[] = [];
  for (const route of serverRoutes) {
    if (!clientPatterns.some((pattern) => unifies(pattern, route.path))) continue;
    if (notCalled.some((excluded) => sameRoute(excluded, route)) || routes.some((known) => sameRoute(known, route))) continue;
    routes.push(route);
  }
  for (const pattern of clientPatterns) {
    if (!serverRoutes.some((route) => unifies(pattern, route.path))) routes.push({ method: 'GET', path: pattern, websocket: true });
  }
  return routes;
}

function isSuccess(call: ApiCall): boolean {
  return (call.status >= 200 && call.status < 400) || (call.websocket === true && call.status === 101);
}

function isFailure(call: ApiCall): boolean {
  return call.status >= 500 || call.status === 415;
}

export interface RouteCoverage {
  route: Route;
  /** The browser's own calls (initiator 'page'). */
  calls: ApiCall[];
  /** Calls test code made inside a page: shown, never counted. */
  testCalls: ApiCall[];
  problem?: string;
}

export interface Coverage {
  routes: RouteCoverage[];
  /** The browser's calls that fit no callable route, with a problem when answered 5xx or 415. */
  elsewhere: { call: ApiCall; problem?: string }[];
  /** Excluded routes the browser did call (the exclusion is no longer true). */
  staleExclusions: Route[];
  failed: boolean;
}

export function assess(routes: readonly Route[], calls: readonly ApiCall[], notCalled: readonly Route[] = NOT_CALLED_BY_THE_APP): Coverage {
  const rows: RouteCoverage[] = routes.map((route) => ({ route, calls: [], testCalls: [] }));
  const elsewhere: Coverage['elsewhere'] = [];
  const staleExclusions: Route[] = [];
  for (const call of calls) {
    const route = routeOf(routes, call);
    const row = route && rows.find((candidate) => candidate.route === route);
    if (row) {
      (call.initiator === 'page' ? row.calls : row.testCalls).push(call);
      continue;
    }
    if (call.initiator !== 'page') continue;
    const excluded = routeOf(notCalled, call);
    if (excluded && !staleExclusions.includes(excluded)) staleExclusions.push(excluded);
    elsewhere.push({ call, problem: isFailure(call) ? `answered ${call.status} to the browser` : undefined });
  }
  for (const row of rows) {
    const failures = row.calls.filter(isFailure);
    if (failures.length) row.problem = `answered ${[...new Set(failures.map((call) => call.status))].join(', ')} to the browser`;
    else if (!row.calls.some(isSuccess)) row.problem = 'never answered with a success to the browser';
  }
  const failed = rows.some((row) => row.problem) || elsewhere.some((entry) => entry.problem) || staleExclusions.length > 0;
  return { routes: rows, elsewhere, staleExclusions, failed };
}

function counts(values: readonly (string | number)[]): string {
  const tally = new Map<string | number, number>();
  for (const value of values) tally.set(value, (tally.get(value) ?? 0) + 1);
  return [...tally].map(([value, n]) => `${value}×${n}`).join(' ');
}

function fileName(path: string, root: string): string {
  return path.startsWith('/') ? relative(root, path) : path;
}

export function coverageReport(coverage: Coverage, root = process.cwd()): string {
  const lines = ['Routes the client can call, and how the browser reached them in the e2e run:'];
  for (const row of coverage.routes) {
    const label = `${row.route.method} ${row.route.path}${row.route.websocket ? ' (WebSocket)' : ''}`;
    lines.push(`  ${row.problem ? 'FAIL' : 'ok  '} ${label}  status ${counts(row.calls.map((call) => call.status)) || '-'}${row.problem ? `  <- ${row.problem}` : ''}`);
    const byFile = counts(row.calls.map((call) => fileName(call.file, root)));
    if (byFile) lines.push(`         from ${byFile}`);
    if (row.testCalls.length) lines.push(`         (test code in a page, not counted: ${counts(row.testCalls.map((call) => call.status))})`);
  }
  const problems = coverage.elsewhere.filter((entry) => entry.problem);
  if (problems.length) {
    lines.push('Browser calls to no callable route that failed:');
    for (const { call, problem } of problems) lines.push(`  FAIL ${call.method} ${call.path} ${problem} (${fileName(call.file, root)}: ${call.test})`);
  }
  for (const route of coverage.staleExclusions) lines.push(`  FAIL ${route.method} ${route.path} is listed as never called by the app, but the browser called it`);
  lines.push(
    coverage.failed
      ? 'Route coverage FAILED: every route above must be answered with a success to a page of the e2e suite (a test pressing the button that calls it), and none with a 5xx or 415.'
      : `Route coverage: all ${coverage.routes.length} routes answered the browser.`,
  );
  return lines.join('\n');
}

// --- the run after the e2e suite --------------------------------------------------------------------

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) ? [path] : [];
  });
}

async function clientPatterns(): Promise<string[]> {
  const domain = readdirSync('src/domain').filter((name) => name.endsWith('.ts'));
  const modules = await Promise.all(domain.map((name) => import(pathToFileURL(join('src/domain', name)).href) as Promise<Record<string, unknown>>));
  const { BACKEND_URL } = await import('../src/shared/http/config');
  const backend = sourceFiles('src').flatMap((path) => backendPaths(readFileSync(path, 'utf8'), BACKEND_URL));
  return [...new Set([...contractPaths(modules), ...backend])];
}

/** The server's routes under /api, as registered (the members routes mounted on a database that is never queried). */
function serverRoutes(): Route[] {
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  const app = createApp(loadConfig({ PUBLIC_ORIGIN: 'http://127.0.0.1:5999' }), { members: { db } });
  return app.routes.filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/')).map(({ method, path }) => ({ method, path }));
}

function recordedCalls(): ApiCall[] {
  if (!existsSync(API_CALLS_DIR)) return [];
  return readdirSync(API_CALLS_DIR)
    .filter((name) => name.endsWith('.jsonl'))
    .flatMap((name) =>
      readFileSync(join(API_CALLS_DIR, name), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as ApiCall),
    );
}

async function main(): Promise<void> {
  const calls = recordedCalls();
  if (calls.length === 0) {
    console.error(`No browser /api calls recorded under ${API_CALLS_DIR}: run the e2e suite first (npx vitest run --config vitest.e2e.config.ts).`);
    process.exit(1);
  }
  const routes = callableRoutes(await clientPatterns(), serverRoutes());
  const coverage = assess(routes, calls);
  console.log(coverageReport(coverage));
  for (const route of NOT_CALLED_BY_THE_APP) console.log(`  (not called by the app: ${route.method} ${route.path}: ${route.why})`);
  process.exit(coverage.failed ? 1 : 0);
}

if (process.argv[1]?.endsWith('routeCoverage.ts')) await main();
