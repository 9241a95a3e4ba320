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

interface FriendsWorld<Member> {
  member(username: string): Promise<Member>;
  befriend(one: Member, other: Member): Promise<void>;
}

/** Two new members who are already friends, as a world that can add members and friendships makes them. */
export async function twoFriends<Member>(world: FriendsWorld<Member>, one: string, other: string): Promise<[Member, Member]> {
  const [first, second] = await memberWithFriends(world, one, other);
  return [first, second];
}

/** A new member and new members who are each already their friend (not each other's), in the order named. */
export async function memberWithFriends<Member, Friends extends string[]>(
  world: FriendsWorld<Member>,
  name: string,
  ...friends: Friends
): Promise<[Member, ...{ [Index in keyof Friends]: Member }]> {
  const member = await world.member(name);
  const added: Member[] = [];
  for (const friend of friends) {
    const other = await world.member(friend);
    await world.befriend(member, other);
    added.push(other);
  }
  return [member, ...(added as { [Index in keyof Friends]: Member })];
}

/** How a friendship can end, as the one ending it asks for it, with the status the server answers. */
export const friendshipEndings: [string, (by: TestMember, friend: TestMember) => Promise<Response>, number][] = [
  ['unfriends', (by, friend) => by.browser.request('DELETE', `/api/friends/${friend.id}`), 204],
  ['blocks', (by, friend) => by.browser.request('POST', '/api/blocks', { userId: friend.id }), 201],
];
