import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { startBrowser } from './browser';
import { startAppServer, type AppServer, type AppServerOptions } from './server';
import { startSmtpInbox, type SmtpInbox } from '../../support/smtpInbox';

// The member e2e files each drive one Chromium against one built app server of their own (a database of
// its own, copied from the migrated template), started before the file's tests and stopped after them.

/**
 * An app server of the file's own: the built app on a database of its own, copied from the run's migrated
 * template (globalSetup.ts), so the file's first request does not wait for a database to be created. The
 * run's shared server creates its database as a first `npm start` does.
 */
export function startFileAppServer(options: Omit<AppServerOptions, 'databaseFrom'> = {}): Promise<AppServer> {
  return startAppServer(inject('distDir'), { ...options, databaseFrom: inject('databaseTemplateDir') });
}

export interface BrowserAndServer {
  browser: Browser;
  server: AppServer;
}

/** Starts Chromium and the app server before this file's tests, hands both to `receive`, and stops both after the tests. */
export function runBrowserAndAppServerAroundTests(receive: (started: BrowserAndServer) => void): void {
  const started: Partial<BrowserAndServer> = {};
  beforeAll(async () => {
    started.browser = await startBrowser();
    started.server = await startFileAppServer();
    receive({ browser: started.browser, server: started.server });
  });
  afterAll(async () => {
    await started.browser?.close();
    await started.server?.stop();
  });
}

export interface BrowserServerAndInbox extends BrowserAndServer {
  inbox: SmtpInbox;
}

/**
 * The same, for the files that read the app's mail: an SMTP server on loopback starts first and the app
 * server sends to it (SMTP_URL), so the tests read what really arrives.
 */
export function runBrowserAppServerAndInboxAroundTests(receive: (started: BrowserServerAndInbox) => void): void {
  const started: Partial<BrowserServerAndInbox> = {};
  beforeAll(async () => {
    started.inbox = await startSmtpInbox();
    started.browser = await startBrowser();
    started.server = await startFileAppServer({ settings: { SMTP_URL: started.inbox.url, MAIL_FROM: 'Mycelius <no-reply@mycelius.test>' } });
    receive({ browser: started.browser, server: started.server, inbox: started.inbox });
  }, 120_000);
  afterAll(async () => {
    await started.browser?.close();
    await started.server?.stop();
    await started.inbox?.close();
  });
}
