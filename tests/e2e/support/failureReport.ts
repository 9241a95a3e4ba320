import type { BrowserContext, Page } from 'playwright-core';
import { afterEach, beforeEach } from 'vitest';
import { apiPath } from './apiCalls';
import { serverLogMarks, serverOutputSince } from './serverLogs';

// A failed e2e test in CI leaves only its log behind. So when a test fails, every page still open says
// where it was, what it showed (as a screen reader reads it) and its last /api answers:
// enough to tell a control that never rendered from one that rendered and closed again. What the app
// servers logged during the test follows, so a fault on the server side shows too.

const RECENT_CALLS = 15;
const SNAPSHOT_CHARS = 4_000;

interface OpenPage {
  page: Page;
  opened: number;
  calls: string[];
}

const openPages = new Set<OpenPage>();

function trackPage(page: Page): void {
  const entry: OpenPage = { page, opened: Date.now(), calls: [] };
  openPages.add(entry);
  page.on('close', () => openPages.delete(entry));
  page.on('response', (response) => {
    const path = apiPath(response.url());
    if (!path) return;
    entry.calls.push(`+${Date.now() - entry.opened} ms ${response.request().method()} ${path} ${response.status()}`);
    if (entry.calls.length > RECENT_CALLS) entry.calls.shift();
  });
}

/** Every page of this context is described in the log if the test that opened it fails. */
export function reportPagesOnFailure(context: BrowserContext): void {
  for (const page of context.pages()) trackPage(page);
  context.on('page', trackPage);
}

async function describePage(entry: OpenPage): Promise<string> {
  const { page } = entry;
  const lines = [`page ${page.url()} (viewport ${page.viewportSize()?.width ?? '?'}x${page.viewportSize()?.height ?? '?'})`];
  try {
    const focused = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return 'the page itself';
      return `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60)}"`;
    });
    lines.push(`focus: ${focused}`);
    const snapshot = await page.locator('body').ariaSnapshot({ timeout: 2_000 });
    lines.push(snapshot.length > SNAPSHOT_CHARS ? `${snapshot.slice(0, SNAPSHOT_CHARS)}\n...` : snapshot);
  } catch (error) {
    lines.push(`(could not read the page: ${String(error).split('\n')[0]})`);
  }
  lines.push('last /api answers:', ...entry.calls.map((call) => `  ${call}`));
  return lines.join('\n');
}

let logMarks = new Map<string, number>();

beforeEach(() => {
  logMarks = serverLogMarks();
});

afterEach(async ({ task }) => {
  if (task.result?.state !== 'fail') return;
  if (openPages.size > 0) {
    const reports = await Promise.all([...openPages].map(describePage));
    console.error(`\n--- pages open when "${task.name}" failed ---\n${reports.join('\n\n')}\n---`);
  }
  const serverOutput = serverOutputSince(logMarks);
  console.error(`\n--- what the app servers logged during "${task.name}" ---\n${serverOutput.length > 0 ? serverOutput.join('\n\n') : '(nothing: no warning or error)'}\n---`);
});
