import { appendFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { expect } from 'vitest';
import { API_CALLS_DIR, type ApiCall } from './apiCallRecords';

// Every /api request a page of the e2e suite makes, with the status it got, one JSON line each in a
// file per worker process. scripts/routeCoverage.ts reads them after the run and fails when a route
// the client can call was never answered with a success to the browser. Requests from test set-up
// never count: Node's fetch and Playwright's context.request do not go through the page, and a fetch
// a test runs inside the page (page.evaluate) is marked 'test' by its call stack, which holds no
// script of the app.

function write(call: Omit<ApiCall, 'file' | 'test'>): void {
  const state = expect.getState();
  const record: ApiCall = { file: state.testPath ?? 'unknown', test: state.currentTestName ?? '(set-up)', ...call };
  mkdirSync(API_CALLS_DIR, { recursive: true });
  appendFileSync(join(API_CALLS_DIR, `worker-${process.pid}.jsonl`), `${JSON.stringify(record)}\n`);
}

interface CallFrame {
  url: string;
}
interface StackTrace {
  callFrames: CallFrame[];
  parent?: StackTrace;
}
interface Initiator {
  type: string;
  stack?: StackTrace;
}

/**
 * 'test' when a script started the request and none of its frames belongs to a loaded script (the
 * functions page.evaluate runs have no URL); 'page' for the app's code, and for navigations.
 */
export function initiatorOf(initiator: Initiator): ApiCall['initiator'] {
  if (initiator.type !== 'script' || !initiator.stack) return 'page';
  for (let stack: StackTrace | undefined = initiator.stack; stack; stack = stack.parent) {
    if (stack.callFrames.some((frame) => frame.url !== '')) return 'page';
  }
  return 'test';
}

/** The path of an /api address, or undefined for any other (and for what is not an address). */
export function apiPath(url: string): string | undefined {
  try {
    const { pathname } = new URL(url);
    return pathname.startsWith('/api/') ? pathname : undefined;
  } catch {
    return undefined;
  }
}

interface Pending {
  method: string;
  path: string;
  initiator: ApiCall['initiator'];
}

type RequestWillBeSent = { requestId: string; request: { url: string; method: string }; initiator: Initiator; redirectResponse?: { status: number } };

function listen(session: CDPSession): void {
  const pending = new Map<string, Pending & { websocket?: true }>();
  const settle = (requestId: string, status: number) => {
    const call = pending.get(requestId);
    if (!call) return;
    pending.delete(requestId);
    write({ ...call, status });
  };
  session.on('Network.requestWillBeSent', (event: RequestWillBeSent) => {
    // A redirect reuses the request id: the hop that was redirected is answered by its 3xx.
    if (event.redirectResponse) settle(event.requestId, event.redirectResponse.status);
    const path = apiPath(event.request.url);
    if (path) pending.set(event.requestId, { method: event.request.method, path, initiator: initiatorOf(event.initiator) });
  });
  session.on('Network.responseReceived', (event: { requestId: string; response: { status: number } }) => settle(event.requestId, event.response.status));
  // The network service reports the raw status on its own as well; a CI run once saw a 204 whose
  // responseReceived never reached the recorder, so whichever of the two arrives first settles the call.
  session.on('Network.responseReceivedExtraInfo', (event: { requestId: string; statusCode: number }) => settle(event.requestId, event.statusCode));
  session.on('Network.loadingFailed', (event: { requestId: string }) => settle(event.requestId, 0));
  session.on('Network.webSocketCreated', (event: { requestId: string; url: string; initiator?: Initiator }) => {
    const path = apiPath(event.url.replace(/^ws/, 'http'));
    if (path) pending.set(event.requestId, { method: 'GET', path, initiator: initiatorOf(event.initiator ?? { type: 'other' }), websocket: true });
  });
  session.on('Network.webSocketHandshakeResponseReceived', (event: { requestId: string; response: { status: number } }) =>
    settle(event.requestId, event.response.status),
  );
  session.on('Network.webSocketFrameError', (event: { requestId: string }) => settle(event.requestId, 0));
  session.on('Network.webSocketClosed', (event: { requestId: string }) => settle(event.requestId, 0));
}

const watched = new WeakMap<Page, Promise<void>>();

/** Starts recording a page's /api calls (once per page); resolves when the recording is on. */
function watchPage(page: Page): Promise<void> {
  let started = watched.get(page);
  if (!started) {
    started = (async () => {
      const session = await page.context().newCDPSession(page);
      listen(session);
      await session.send('Network.enable');
    })().catch(() => {
      // A page closed before its recording could start made no calls worth counting.
    });
    watched.set(page, started);
  }
  return started;
}

/** Makes every page of this context record its /api calls, including the ones the app opens itself. */
export function recordApiCalls(context: BrowserContext): void {
  // Pages the app opens itself (popups) are recorded from their 'page' event; pages a test opens are
  // recorded before newPage returns, so not even their first request is missed.
  context.on('page', (page) => void watchPage(page));
  const newPage = context.newPage.bind(context);
  context.newPage = async () => {
    const page = await newPage();
    await watchPage(page);
    return page;
  };
}
