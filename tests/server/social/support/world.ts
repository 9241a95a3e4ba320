import { beforeEach, expect } from 'vitest';
import type { Hono } from 'hono';
import { browser, type Browser } from '../../members/support/browser';
import { withMemberApp } from '../../members/support/memberApp';
import type { DatabaseKind, TestDatabase } from '../../members/support/testDatabase';

// One database per test file (PGlite or Postgres, through withMemberApp), emptied before each test, an
// app on a clock the test moves, and members signed up through the real routes, each in their own browser.

export interface Person {
  id: string;
  username: string;
  browser: Browser;
}

export interface World {
  database: TestDatabase;
  app: Hono;
  clock: { now: number };
  signUp(username: string): Promise<Person>;
  /** Signs up each of them, in the order named. */
  signUpEach<Names extends string[]>(...usernames: Names): Promise<{ [Index in keyof Names]: Person }>;
  /** The profile a member saves, then privacy and communities as the settings screen stores them. */
  setProfile(person: Person, settings: { picture?: string; visibility?: 'public' | 'private'; communities?: string[] }): Promise<void>;
}

export const START = Date.parse('2026-03-01T12:00:00Z');
let addressCounter = 0;

export function useWorld(kind: DatabaseKind): World {
  const world = { clock: { now: START } } as World;
  const setup = withMemberApp(kind, { now: () => world.clock.now });
  Object.defineProperties(world, { database: { get: () => setup.database }, app: { get: () => setup.app } });

  beforeEach(async () => {
    // Reports outlive the members they name; every other row of a member goes with them (ON DELETE CASCADE).
    await setup.database.db.deleteFrom('reports').execute();
    world.clock.now = START;
  });

  world.signUp = async (username) => {
    addressCounter += 1;
    const person = browser(world.app, { address: `192.0.2.${addressCounter % 250}` });
    const response = await person.request('POST', '/api/auth/signup', { username, email: `${username.toLowerCase()}@example.com`, password: 'secret-1' });
    expect(response.status).toBe(201);
    const { user } = (await response.json()) as { user: { id: string } };
    return { id: user.id, username, browser: person };
  };

  world.signUpEach = async <Names extends string[]>(...usernames: Names) => {
    const people: Person[] = [];
    for (const username of usernames) people.push(await world.signUp(username));
    return people as { [Index in keyof Names]: Person };
  };

  world.setProfile = async (person, settings) => {
    const profile = { username: person.username, profilePicture: settings.picture ?? '', hobbies: '', musicGenres: [], favoriteGames: [], favoriteShows: [], updatedAt: world.clock.now };
    expect((await person.browser.request('PUT', '/api/me/profile', profile)).status).toBe(200);
    await world.database.db
      .updateTable('profiles')
      .set({ visibility: settings.visibility ?? 'public', communities: settings.communities ?? [] })
      .where('member_id', '=', person.id)
      .execute();
  };
  return world;
}

export async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

/** The response has this status and this JSON body (`label` names the case in a loop). */
export async function expectAnswer(response: Response | Promise<Response>, status: number, body: unknown, label?: string): Promise<void> {
  const answered = await response;
  expect(answered.status, label).toBe(status);
  expect(await json(answered), label).toEqual(body);
}

/** A friend request as the friend-request routes answer it. */
export interface FriendRequestWire {
  id: string;
  from: { id: string; username: string; avatar: string; profilePicture: string };
  to: { id: string; username: string; avatar: string; profilePicture: string };
  createdAt: string;
  status: string;
}

/** Sends a friend request through its route; answers the body the server sent back. */
export async function askToBeFriends(from: Person, to: Person): Promise<{ request: FriendRequestWire }> {
  return json<{ request: FriendRequestWire }>(await from.browser.request('POST', '/api/friends/requests', { toUserId: to.id }));
}

/** Makes them friends the way members do: one asks, the other accepts. */
export async function befriend(one: Person, other: Person): Promise<void> {
  const sent = await askToBeFriends(one, other);
  expect((await other.browser.request('POST', `/api/friends/requests/${sent.request.id}/accept`)).status).toBe(200);
}
