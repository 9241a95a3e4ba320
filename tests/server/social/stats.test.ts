import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DATABASE_KINDS } from '../members/support/testDatabase';
import { playGame } from './support/games';
import { befriend, expectAnswer, json, type Person, useWorld, type World } from './support/world';

// A member's real figures from recorded Hot Takes results and friendships, and the leaderboard
// ranked from them: scoped by tab and community, without blocked or private strangers.

const ZERO = { totalPoints: 0, gamesPlayed: 0, hotTakesScore: 0, friendsCount: 0, winRate: 0, streak: 0 };

interface Entry {
  id: string;
  username: string;
  isCurrentUser: boolean;
  stats: typeof ZERO;
}

/** A game against the AI in which the AI answered `turns` of the member's messages (3 + 2 × turns messages). */
async function play(world: World, person: Person, turns: number): Promise<Response> {
  world.clock.now += 1_000;
  return playGame(person.browser, turns);
}

async function board(person: Person, query: string): Promise<{ name: string; me: boolean; points: number; friends: number }[]> {
  const response = await person.browser.request('GET', `/api/leaderboard?${query}`);
  expect(response.status).toBe(200);
  const { entries } = await json<{ entries: Entry[] }>(response);
  return entries.map((e) => ({ name: e.username, me: e.isCurrentUser, points: e.stats.totalPoints, friends: e.stats.friendsCount }));
}

describe.each(DATABASE_KINDS)('stats and leaderboard on %s', (kind) => {
  const world = useWorld(kind);

  it('a new member starts at zero', async () => {
    const alice = await world.signUp('Alice');
    expect(await json(await alice.browser.request('GET', '/api/me/stats'))).toEqual({ stats: ZERO });
  });

  it('records results as the server values them and answers the new stats (201)', async () => {
    const alice = await world.signUp('Alice');
    // One answered turn: welcome, take, reveal line, partner's take, reply = 5 messages, 110 points.
    await expectAnswer(play(world, alice, 1), 201, { stats: { totalPoints: 110, gamesPlayed: 1, hotTakesScore: 110, friendsCount: 0, winRate: 100, streak: 1 } });

    // No turn answered (3 messages) is no win: no points, the streak ends.
    expect(await json(await play(world, alice, 0))).toEqual({ stats: { totalPoints: 110, gamesPlayed: 2, hotTakesScore: 110, friendsCount: 0, winRate: 50, streak: 0 } });
    // 2 turns are 7 messages and earn 130, 5 turns are 13 and earn 190.
    await play(world, alice, 2);
    const last = await play(world, alice, 5);
    expect(await json(last)).toEqual({ stats: { totalPoints: 430, gamesPlayed: 4, hotTakesScore: 430, friendsCount: 0, winRate: 75, streak: 2 } });
    expect(await json(await alice.browser.request('GET', '/api/me/stats'))).toEqual({ stats: { totalPoints: 430, gamesPlayed: 4, hotTakesScore: 430, friendsCount: 0, winRate: 75, streak: 2 } });
  });

  it('rounds the win rate: 2 wins of 3 games is 67', async () => {
    const alice = await world.signUp('Alice');
    await play(world, alice, 0);
    await play(world, alice, 1);
    const stats = await json<{ stats: typeof ZERO }>(await play(world, alice, 1));
    expect(stats.stats.winRate).toBe(67);
  });

  it('counts friendships in the stats of both', async () => {
    const [alice, bob] = await world.signUpEach('Alice', 'Bob');
    await befriend(alice, bob);
    expect((await json<{ stats: typeof ZERO }>(await bob.browser.request('GET', '/api/me/stats'))).stats.friendsCount).toBe(1);
    expect((await json<{ stats: typeof ZERO }>(await alice.browser.request('GET', '/api/me/stats'))).stats.friendsCount).toBe(1);
  });

  it('refuses a result for another game or without a game id (400)', async () => {
    const alice = await world.signUp('Alice');
    const gameId = randomUUID();
    for (const body of [{ game: 'chess', gameId }, { game: 'hottakes', messageCount: 5 }, { game: 'hottakes', gameId: 'not-an-id' }, { game: 'hottakes' }]) {
      await expectAnswer(alice.browser.request('POST', '/api/games/results', body), 400, { error: { code: 'INVALID_REQUEST', message: 'That request could not be understood.' } });
    }
    expect(await json(await alice.browser.request('GET', '/api/me/stats'))).toEqual({ stats: ZERO });
  });

  it('ranks members by the tab, leaving out blocked people and private members who are not friends', async () => {
    const [alice, bob, carol, dave, erin] = await world.signUpEach('Alice', 'Bob', 'Carol', 'Dave', 'Erin');
    await world.setProfile(carol, { visibility: 'private' });
    await world.setProfile(erin, { visibility: 'private' });
    await befriend(alice, erin);
    await befriend(bob, carol);
    await befriend(bob, dave);
    await play(world, bob, 1);
    await play(world, carol, 3);
    await play(world, dave, 2);
    await play(world, dave, 1);
    await alice.browser.request('POST', '/api/blocks', { userId: dave.id });

    // Everyone's points and friends after the games and friendships above; the viewer's own row is marked `me`.
    const standing = {
      Alice: { points: 0, friends: 1 },
      Bob: { points: 110, friends: 2 },
      Carol: { points: 150, friends: 1 },
      Dave: { points: 240, friends: 1 },
      Erin: { points: 0, friends: 1 },
    };
    const rowsSeenBy = (viewer: Person, names: (keyof typeof standing)[]) => names.map((name) => ({ name, me: name === viewer.username, ...standing[name] }));

    expect(await board(alice, 'tab=points')).toEqual(rowsSeenBy(alice, ['Bob', 'Alice', 'Erin']));
    // Dave blocked by Alice does not see her either; Carol is private but Bob's friend.
    expect(await board(bob, 'tab=games')).toEqual(rowsSeenBy(bob, ['Dave', 'Bob', 'Carol', 'Alice']));
    expect(await board(dave, 'tab=hottakes')).toEqual(rowsSeenBy(dave, ['Dave', 'Bob']));
    expect(await board(bob, 'tab=friends')).toEqual(rowsSeenBy(bob, ['Bob', 'Carol', 'Dave']));
  });

  it('answers full stats in each entry', async () => {
    const alice = await world.signUp('Alice');
    await play(world, alice, 1);
    await play(world, alice, 0);
    const { entries } = await json<{ entries: Entry[] }>(await alice.browser.request('GET', '/api/leaderboard?tab=points'));
    expect(entries).toEqual([
      { id: alice.id, username: 'Alice', isCurrentUser: true, stats: { totalPoints: 110, gamesPlayed: 2, hotTakesScore: 110, friendsCount: 0, winRate: 50, streak: 0 } },
    ]);
  });

  it('a community tab ranks that community (the member always present); absent means everyone', async () => {
    const [alice, bob, carol] = await world.signUpEach('Alice', 'Bob', 'Carol');
    await world.setProfile(bob, { communities: ['UW', 'Seattle'] });
    await world.setProfile(carol, { communities: ['Microsoft'] });
    await play(world, carol, 1);

    expect((await board(alice, 'tab=points&community=UW')).map((e) => e.name)).toEqual(['Alice', 'Bob']);
    expect((await board(alice, 'tab=points&community=Microsoft')).map((e) => e.name)).toEqual(['Carol', 'Alice']);
    expect((await board(alice, 'tab=points')).map((e) => e.name)).toEqual(['Carol', 'Alice', 'Bob']);
  });

  it('refuses an unknown tab or community (400)', async () => {
    const alice = await world.signUp('Alice');
    for (const query of ['tab=wins', 'tab=points&community=Mars', '']) {
      await expectAnswer(alice.browser.request('GET', `/api/leaderboard?${query}`), 400, { error: { code: 'INVALID_REQUEST', message: 'That request could not be understood.' } }, query);
    }
  });

  it('shows at most 100 ranked rows, plus the member below them', async () => {
    const alice = await world.signUp('Alice');
    const { db } = world.database;
    const others = Array.from({ length: 120 }, (_, i) => ({ id: randomUUID(), username: `Player${String(i).padStart(3, '0')}`, email: `p${i}@example.com`, password_hash: 'not-a-login' }));
    await db.insertInto('members').values(others).execute();
    await db
      .insertInto('game_results')
      .values(others.map((o, i) => ({ id: randomUUID(), member_id: o.id, game: 'hottakes', won: true, points: 1_000 + i, message_count: 5 })))
      .execute();

    const entries = await board(alice, 'tab=points');
    expect(entries).toHaveLength(101);
    expect(entries[0]).toEqual({ name: 'Player119', me: false, points: 1_119, friends: 0 });
    expect(entries[99]).toEqual({ name: 'Player020', me: false, points: 1_020, friends: 0 });
    expect(entries[100]).toEqual({ name: 'Alice', me: true, points: 0, friends: 0 });
  });
});
