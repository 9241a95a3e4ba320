import type { Page } from 'playwright-core';

// Writing in a chat or debate as a person does: wait until the box takes input, type, press Enter.

/** Types the message once the chat box takes input, and sends it with Enter. */
export async function say(page: Page, text: string): Promise<void> {
  await page.waitForFunction(() => document.querySelector('textarea') && !document.querySelector('textarea[aria-disabled="true"]'));
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.keyboard.press('Enter');
}

/** One side says the message and the other sees it arrive in their log within `timeout` ms. */
export async function sayAndSeeArrive(from: Page, to: Page, text: string, timeout: number): Promise<void> {
  await say(from, text);
  await to.locator('[role=log] .message-text', { hasText: text }).waitFor({ timeout });
}
