import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

// The record of the browser's /api calls that apiCalls.ts writes during the e2e run and
// scripts/routeCoverage.ts reads after it (kept apart from apiCalls.ts, which needs a test worker).

/** Where the records go, relative to the repository root (cleared by globalSetup at each e2e run). */
export const API_CALLS_DIR = join('test-results', 'e2e-api-calls');

export interface ApiCall {
  /** The e2e file and test that were running when the answer arrived. */
  file: string;
  test: string;
  method: string;
  /** The URL's path (no query). */
  path: string;
  /** The HTTP status (101 for an opened WebSocket), or 0 when no answer came (network error, aborted). */
  status: number;
  /** 'page': the app's own code asked; 'test': code a test ran in the page (page.evaluate). */
  initiator: 'page' | 'test';
  websocket?: true;
}

export function clearApiCalls(): void {
  rmSync(API_CALLS_DIR, { recursive: true, force: true });
  mkdirSync(API_CALLS_DIR, { recursive: true });
}

