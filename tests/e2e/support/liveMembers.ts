import type { Browser, BrowserContext, Frame, Page, WebSocket } from 'playwright-core';
import { expect } from 'vitest';
import type { AppServer } from './server';
import { seedLocalStorage } from './browser';

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

/**
 * Gives a member this profile on the server and the same copy on the device (with any other localStorage
 * entries), so no screen sends them to onboarding.
 */
export async function giveProfile(server: AppServer, member: LiveMember, profile: object, deviceStorage: Record<string, string> = {}): Promise<void> {
  const saved = await member.context.request.put('/api/me/profile', { headers: { Origin: server.baseURL }, data: { ...profile, updatedAt: Date.now() } });
  expect(saved.status()).toBe(200);
  await seedLocalStorage(member.context, { user_profile: JSON.stringify(profile), ...deviceStorage });
}

/** a asks b, b accepts: friends through the social routes, each as their own browser (cookie, Origin). */
export async function befriend(server: AppServer, a: LiveMember, b: LiveMember): Promise<void> {
  const asked = await a.context.request.post('/api/friends/requests', { headers: { Origin: server.baseURL }, data: { toUserId: b.id } });
  expect(asked.status()).toBe(201);
  const { request } = (await asked.json()) as { request: { id: string } };
  const accepted = await b.context.request.post(`/api/friends/requests/${encodeURIComponent(request.id)}/accept`, { headers: { Origin: server.baseURL } });
  expect(accepted.ok()).toBe(true);
}

/**
 * Opens `path` in `page` and waits until its live socket has said 'ready'. The frame listener is
 * attached the moment the socket appears: 'ready' can arrive while `goto` is still waiting for load,
 * and a listener attached after `goto` returns would wait for a frame that has already come. Only a
 * socket opened after the new document committed counts: the page being left may be reconnecting at
 * that moment, and its 'ready' would come from a socket the navigation is about to close, so what is
 * sent to the member next would reach nobody.
 */
export async function openLivePage(server: AppServer, page: Page, path: string): Promise<void> {
  let committed = false;
  const onNavigated = (frame: Frame): void => {
    if (frame === page.mainFrame()) committed = true;
  };
  const ready = new Promise<void>((resolve, reject) => {
    const stopListening = (): void => {
      clearTimeout(timer);
      page.off('websocket', onSocket);
      page.off('framenavigated', onNavigated);
    };
    const onSocket = (socket: WebSocket): void => {
      if (!committed || !socket.url().endsWith('/api/live')) return;
      socket.on('framereceived', (frame) => {
        if (!String(frame.payload).includes('"type":"ready"') || socket.isClosed()) return;
        stopListening();
        resolve();
      });
    };
    const timer = setTimeout(() => {
      stopListening();
      reject(new Error(`${path}: the live socket said no 'ready' within 30 s`));
    }, 30_000);
    page.on('framenavigated', onNavigated);
    page.on('websocket', onSocket);
  });
  await page.goto(`${server.baseURL}${path}`);
  await ready;
}

/** No member's page raised an error; then each member's browser context closes. */
export async function expectNoPageErrorsAndClose(...members: LiveMember[]): Promise<void> {
  for (const member of members) {
    expect(member.errors, member.name).toEqual([]);
    await member.context.close();
  }
}
