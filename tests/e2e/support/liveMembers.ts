import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { AppServer } from './server';

// The live e2e files all start the same way: a browser context per member, signed up through the API
// (the context's request shares its cookies with the page), with its page errors collected.

export interface LiveMember {
  id: string;
  name: string;
  page: Page;
  context: BrowserContext;
  errors: string[];
}

export async function signUpMember(
  browser: Browser,
  server: AppServer,
  name: string,
  viewport: { width: number; height: number },
): Promise<LiveMember> {
  const context = await browser.newContext({ viewport, baseURL: server.baseURL });
  const created = await context.request.post('/api/auth/signup', {
    headers: { Origin: server.baseURL },
    data: { username: name, email: `${name}@example.com`, password: `${name}-secret` },
    // argon2 on two cores shared with the browser and other runs: the first sign-up can take long.
    timeout: 120_000,
  });
  expect(created.status()).toBe(201);
  const me = (await (await context.request.get('/api/me')).json()) as { user: { id: string } };
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  return { id: me.user.id, name, page, context, errors };
}
