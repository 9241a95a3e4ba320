import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe';
import { DESKTOP, PHONE, screenshot } from './support/browser';
import { befriend, openLivePage, signUpMember } from './support/liveMembers';
import type { AppServer } from './support/server';
import { runBrowserAndAppServerAroundTests } from './support/browserAndServer';

// Report a message and block, in real Chromium against the real server, three windows: ada on her phone,
// ada again on a desktop tab, and bo. ada reports one of bo's messages with the message's own 'Report
// message' button (by keyboard): the report keeps it and the lines before it, as the operators' `npm run
// reports` lists. Then ada blocks bo from her Friends list: the open chat with him on her other tab leaves
// for the conversations and neither of her tabs lists him, while bo keeps his own record.

const run = promisify(execFile);

let browser: Browser;
let server: AppServer;
runBrowserAndAppServerAroundTests((started) => ({ browser, server } = started));

const box = (page: Page) => page.getByRole('textbox', { name: 'Message' });
async function send(page: Page, text: string) {
  await box(page).fill(text);
  await page.getByRole('button', { name: 'Send message' }).click();
  await page.locator('.message-mine .message-note', { hasText: /Sent|Delivered|Read/ }).last().waitFor({ timeout: 5_000 });
}
const conversationRow = (page: Page, name: string) => page.getByRole('region', { name: 'Conversations' }).getByRole('link').filter({ hasText: name });

describe('report a message, and block', () => {
  it("'Report message' keeps the message and the lines before it; a block takes the conversation from both of the blocker's tabs", async () => {
    const ada = await signUpMember(browser, server, 'ada', PHONE);
    const bo = await signUpMember(browser, server, 'bo', DESKTOP);
    await befriend(server, ada, bo);

    await openLivePage(server, bo.page, `/chat/${ada.id}`);
    await openLivePage(server, ada.page, `/chat/${bo.id}`);
    await send(bo.page, 'hi ada');
    await send(ada.page, 'hi bo');
    await send(bo.page, 'you are the worst');
    const rude = ada.page.getByRole('listitem').filter({ hasText: 'you are the worst' });
    await rude.waitFor({ timeout: 5_000 });
    // Only bo's messages have it; ada's own never do.
    expect(await ada.page.getByRole('listitem').filter({ hasText: 'hi bo' }).getByRole('button', { name: 'Report message' }).count()).toBe(0);
    await screenshot(ada.page, 'report-message-chat-phone');

    // By keyboard: focus the message's button and press Enter.
    await rude.getByRole('button', { name: 'Report message' }).focus();
    await ada.page.keyboard.press('Enter');
    const dialog = ada.page.getByRole('dialog', { name: 'Report bo' });
    const quoted = dialog.getByRole('region', { name: 'Reported message' });
    await quoted.getByText('you are the worst').waitFor();
    expect(await quoted.locator('figcaption').textContent()).toMatch(/^bo, /);
    await dialog.getByRole('radio', { name: 'Harassment or bullying' }).check();
    expect(await seriousViolations(ada.page)).toEqual([]);
    await screenshot(ada.page, 'report-message-dialog-phone');
    const reportResponse = ada.page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/reports');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    const reported = await reportResponse;
    expect(reported.status()).toBe(201);
    expect(reported.request().postDataJSON()).toMatchObject({ userId: bo.id, reason: 'harassment', source: 'message' });
    await dialog.getByRole('status').filter({ hasText: 'Thank you. Your report about bo was sent and will be reviewed.' }).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();

    // ada's second window (a desktop tab of the same account) keeps the chat with bo open; her phone goes to Friends.
    const adaTab = await ada.context.newPage();
    await adaTab.setViewportSize(DESKTOP);
    await openLivePage(server, adaTab, `/chat/${bo.id}`);
    await adaTab.getByRole('heading', { level: 1, name: 'bo' }).waitFor();
    await openLivePage(server, ada.page, '/friends');
    await conversationRow(ada.page, 'bo').waitFor({ timeout: 5_000 });
    await openLivePage(server, bo.page, '/friends');
    await conversationRow(bo.page, 'ada').waitFor({ timeout: 5_000 });

    // ada blocks bo from his row on Friends.
    const boRow = ada.page.getByRole('listitem').filter({ has: ada.page.getByRole('heading', { name: 'bo', exact: true }) });
    await boRow.getByRole('button', { name: 'More actions for bo' }).click();
    await boRow.getByRole('button', { name: 'Block bo' }).click();
    await ada.page.getByRole('dialog', { name: 'Block bo?' }).getByRole('button', { name: 'Block', exact: true }).click();
    await ada.page.getByRole('dialog', { name: 'You blocked bo.' }).getByRole('button', { name: 'Done' }).click();

    // Both of ada's tabs: the conversation is gone; the open chat left for Friends by itself, within seconds.
    await adaTab.waitForURL('**/friends', { timeout: 5_000 });
    // With no friend left and no conversation, Friends says so (the Conversations section has nothing to list).
    await adaTab.getByRole('heading', { name: 'Your Friends' }).waitFor();
    await expect.poll(() => conversationRow(adaTab, 'bo').count(), { timeout: 5_000 }).toBe(0);
    await expect.poll(() => conversationRow(ada.page, 'bo').count(), { timeout: 5_000 }).toBe(0);
    await screenshot(adaTab, 'block-conversations-gone-desktop');
    // bo keeps his own record of the conversation.
    await bo.page.reload();
    await conversationRow(bo.page, 'ada').click();
    await bo.page.getByRole('heading', { level: 1, name: 'ada' }).waitFor();
    await bo.page.locator('.message-list .message-text', { hasText: 'hi bo' }).waitFor({ timeout: 5_000 });

    for (const member of [ada, bo]) {
      expect(member.errors).toEqual([]);
      await member.context.close();
    }

    // The operators' list, on the server's database once the server has let go of it (PGlite is one process's).
    await server.stop({ keepData: true });
    const { DATABASE_URL: _url, ...inherited } = process.env;
    const listed = await run(process.execPath, ['--import', 'tsx', 'scripts/reports.ts'], { env: { ...inherited, DATA_DIR: server.dataDir } });
    expect(listed.stdout).toMatch(/ada reported bo for harassment\n {2}from: message\n {4}\S+ {2}bo: hi ada\n {4}\S+ {2}ada: hi bo\n {2}> \S+ {2}bo: you are the worst\n/);
  }, 240_000);
});
