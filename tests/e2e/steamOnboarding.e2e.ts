import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, openPage, PHONE, screenshot, settleAnimations, startBrowserAroundTests } from './support/browser';

// The demo Steam card says which accounts it knows and names the account after a
// reload; onboarding starts from the username typed at sign-up.

const DEMO_ACCOUNTS = [
  '76561198000000001 or steamcommunity.com/id/myceliusdemo (public, with games)',
  '76561198000000002 or steamcommunity.com/id/myceliusprivate (private)',
];

/** The whole placeholder fits: its text, in the field's own font, is no wider than the field's content box. */
function placeholderFits(box: Locator): Promise<boolean> {
  return box.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return context.measureText(input.placeholder).width <= room;
  });
}

const browser = startBrowserAroundTests();

describe('Steam card in demo mode', () => {
  for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    it(`${label}: lists the demo accounts, connects one, and shows its name after a reload`, async () => {
      const { page, errors } = await openPage(browser(), '/profile', { viewport });
      const card = page.locator('li.service-steam');
      await card.getByText('Demo accounts:').waitFor();
      expect(await card.locator('#steam-demo-hint li').allTextContents()).toEqual(DEMO_ACCOUNTS);
      const box = card.getByRole('textbox', { name: /Steam/ });
      expect(await placeholderFits(box)).toBe(true);
      await settleAnimations(page);
      await card.screenshot({ path: `screenshots/steam-card-demo-${label}.png` });

      await box.fill('steamcommunity.com/id/myceliusdemo');
      await card.getByRole('button', { name: 'Connect Steam' }).click();
      await card.getByRole('button', { name: 'Disconnect Steam' }).waitFor();
      await page.reload();
      await card.getByRole('button', { name: 'Disconnect Steam' }).waitFor();
      expect(await card.locator('.service-identity strong').textContent()).toBe('MyceliusDemo');
      await settleAnimations(page);
      await card.screenshot({ path: `screenshots/steam-card-connected-${label}.png` });
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }
});

describe('Onboarding', () => {
  for (const [label, viewport] of [['phone', PHONE], ['desktop', DESKTOP]] as const) {
    it(`${label}: a guest's sign-up username is already in the Username field`, async () => {
      const { page, errors } = await openPage(browser(), '/auth', { viewport });
      await page.getByRole('heading', { level: 1, name: 'Create Account' }).waitFor();
      await page.getByLabel('Username', { exact: true }).fill('mira');
      await page.getByRole('button', { name: 'Continue as guest' }).click();
      await page.waitForURL('**/connections');
      await page.getByRole('heading', { level: 1, name: 'Build Your Profile' }).waitFor();
      expect(await page.getByRole('textbox', { name: 'Username' }).inputValue()).toBe('mira');
      expect(await placeholderFits(page.getByRole('textbox', { name: /Steam/ }))).toBe(true);
      expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toEqual(
        expect.arrayContaining(['Step 1 of 3 About you', 'Step 2 of 3 Your accounts', 'Step 3 of 3 Your interests', 'AI Profile Summary']),
      );
      await screenshot(page, `onboarding-${label}`);
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }
});
