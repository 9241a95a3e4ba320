import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { expect } from 'vitest';
import { createSession } from '../../../../server/members/sessions';
import type { TestDatabase } from '../../members/support/testDatabase';
import { browser, type Browser } from '../../members/support/browser';

// Members for the social tests without argon2: the account row is written directly and a session
// issued for it, then the member uses the real routes (profile, settings) like a browser would.

export interface TestMember {
  id: string;
  username: string;
  browser: Browser;
}

export interface Taste {
  hobbies?: string;
  musicGenres?: string[];
  favoriteGames?: string[];
  favoriteShows?: string[];
  connectedTaste?: { steamGames?: { name: string; hours: number }[]; spotifyGenres?: string[] };
}

let updatedAt = 1_000;

export async function addMember(database: TestDatabase, app: Hono, username: string, taste?: Taste): Promise<TestMember> {
  const id = randomUUID();
  await database.db
    .insertInto('members')
    .values({ id, username, email: `${username.toLowerCase()}@example.com`, password_hash: 'not-a-real-hash' })
    .execute();
  const session = await createSession(database.db, id, Date.now());
  const member = { id, username, browser: browser(app) };
  member.browser.setSession(session.id);
  if (taste) await saveTaste(member, taste);
  return member;
}

export async function saveTaste(member: TestMember, taste: Taste): Promise<void> {
  updatedAt += 1;
  const response = await member.browser.request('PUT', '/api/me/profile', {
    username: member.username,
    hobbies: taste.hobbies ?? '',
    musicGenres: taste.musicGenres ?? [],
    favoriteGames: taste.favoriteGames ?? [],
    favoriteShows: taste.favoriteShows ?? [],
    ...(taste.connectedTaste ? { connectedTaste: taste.connectedTaste } : {}),
    updatedAt,
  });
  expect(response.status).toBe(200);
}

export async function putSettings(member: TestMember, settings: Record<string, unknown>): Promise<void> {
  const response = await member.browser.request('PUT', '/api/me/settings', settings);
  expect(response.status).toBe(200);
}

/** Two new members who are already friends, as a world that can add members and friendships makes them. */
export async function twoFriends<Member>(
  world: { member(username: string): Promise<Member>; befriend(one: Member, other: Member): Promise<void> },
  one: string,
  other: string,
): Promise<[Member, Member]> {
  const first = await world.member(one);
  const second = await world.member(other);
  await world.befriend(first, second);
  return [first, second];
}
