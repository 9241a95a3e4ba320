import type { Page } from 'playwright-core';
import { storedProfileJson } from '../../support/profiles';

// Members the e2e files sign up or seed, and the sign-up form as a person fills it in.

/** The stored profile (localStorage 'user_profile') of a member who argues about music: Rock and Jazz, Celeste, no service connected. */
export function musicArguerProfileJson(username: string): string {
  return storedProfileJson({ username, hobbies: 'Arguing about music', musicGenres: ['Rock', 'Jazz'], favoriteGames: ['Celeste'] });
}

/** The stored profile of 'Tester', who reads and likes Rock: nothing else filled in, no service connected. */
export const readerProfileJson = storedProfileJson({ username: 'Tester', hobbies: 'reading', musicGenres: ['Rock'] });

/** The stored profile of 'Morgan', complete: concerts and games, Metal, Elden Ring, Attack on Titan, no service connected. */
export const concertGoerProfileJson = storedProfileJson({
  username: 'Morgan',
  hobbies: 'Going to concerts and playing games',
  musicGenres: ['Metal'],
  favoriteGames: ['Elden Ring'],
  favoriteShows: ['Attack on Titan'],
});

/** Fills in and sends the 'Create Account' form on /auth, as a person would. */
export async function fillInSignUpForm(page: Page, account: { username: string; email: string; password: string }): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Create Account' }).waitFor();
  await page.getByLabel('Username', { exact: true }).fill(account.username);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
}
