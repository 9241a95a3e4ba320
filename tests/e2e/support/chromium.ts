import { chromium, type Browser } from 'playwright-core';

// playwright-core drives the system Chromium (Debian's `chromium`, or CHROME_PATH); no browser download.
// Shared by the e2e suite and scripts/budget.ts, so the budget is measured in the browser the tests use.

/** Headless Chromium with nothing of its own on the network (no updates, sync or background fetches). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
