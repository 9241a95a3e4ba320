import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { browser } from '../members/support/browser';
import { DATABASE_KINDS } from '../members/support/testDatabase';
import { answerTurn, answerTurns, playGame, sendResult, startGame } from '../social/support/games';
import { json, useWorld } from '../social/support/world';

// Points the server decides: a Hot Takes game against the AI scores only when the server started it,
// from the turns its own AI routes answered for it, once, and within an hourly number of games.

interface Stats {
  totalPoints: number;
  gamesPlayed: number;
  streak: number;
}

const ZERO = { totalPoints: 0, gamesPlayed: 0, hotTakesScore: 0, friendsCount: 0, winRate: 0, streak: 0 };
const NOT_FOUND = { error: { code: 'GAME_NOT_FOUND', message: 'That game was not played with this account, so it cannot count.' } };

describe.each(DATABASE_KINDS)('points the server decides on %s', (kind) => {
  const world = useWorld(kind);

  async function statsOf(person: { browser: { request: (m: string, p: string) => Promise<Response> } }): Promise<Stats> {
    return (await json<{ stats: Stats }>(await person.browser.request('GET', '/api/me/stats'))).stats;
  }

  it('a result the client values itself scores nothing: no game id, no points (400), however often it is sent', async () => {
    const mallory = await world.signUp('Mallory');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await mallory.browser.request('POST', '/api/games/results', { game: 'hottakes', messageCount: 10_000 });
      expect(response.status).toBe(400);
    }
    expect(await json(await mallory.browser.request('GET', '/api/me/stats'))).toEqual({ stats: ZERO });
  });

  it('a game id the server never issued, or issued to someone else, scores nothing (404 GAME_NOT_FOUND)', async () => {
    const mallory = await world.signUp('Mallory');
    const alice = await world.signUp('Alice');
    const unseen = await sendResult(mallory.browser, randomUUID());
    expect(unseen.status).toBe(404);
    expect(await json(unseen)).toEqual(NOT_FOUND);

    const alicesGame = await startGame(alice.browser);
    await answerTurns(alice.browser, alicesGame, 3);
    // Mallory's replies do not count for Alice's game, and Mallory cannot claim it.
    await answerTurns(mallory.browser, alicesGame, 3);
    const foreign = await sendResult(mallory.browser, alicesGame);
    expect(foreign.status).toBe(404);
    expect(await json(foreign)).toEqual(NOT_FOUND);
    expect(await json(await mallory.browser.request('GET', '/api/me/stats'))).toEqual({ stats: ZERO });
    // Alice's own game is worth what the server answered for her: 3 turns, 9 messages, 150 points.
    expect((await json<{ stats: Stats }>(await sendResult(alice.browser, alicesGame))).stats.totalPoints).toBe(150);
  });

  it('a game scores once: sending its result again is 409 GAME_ALREADY_COUNTED and changes nothing', async () => {
    const alice = await world.signUp('Alice');
    const gameId = await startGame(alice.browser);
    await answerTurns(alice.browser, gameId, 1);
    expect((await sendResult(alice.browser, gameId)).status).toBe(201);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const again = await sendResult(alice.browser, gameId);
      expect(again.status).toBe(409);
      expect(await json(again)).toEqual({ error: { code: 'GAME_ALREADY_COUNTED', message: 'That game has already counted.' } });
    }
    // Replies after the game counted add nothing either.
    await answerTurns(alice.browser, gameId, 2);
    expect(await statsOf(alice)).toMatchObject({ totalPoints: 110, gamesPlayed: 1, streak: 1 });
  });

  it('a game counts at most 30 answered turns: 40 replies are worth 3 + 60 messages, 690 points', async () => {
    const alice = await world.signUp('Alice');
    const gameId = await startGame(alice.browser);
    await answerTurns(alice.browser, gameId, 40);
    expect((await json<{ stats: Stats }>(await sendResult(alice.browser, gameId))).stats.totalPoints).toBe(690);
  });

  it('a guest (no session) gets AI replies for any game id, and they count for nobody', async () => {
    const alice = await world.signUp('Alice');
    const gameId = await startGame(alice.browser);
    const guest = browser(world.app, { address: '198.51.100.20' });
    const reply = await answerTurn(guest, gameId);
    expect(reply.status).toBe(200);
    expect(typeof (await json<{ text: string }>(reply)).text).toBe('string');
    // No turn of Alice's was answered: 3 messages, no win.
    expect((await json<{ stats: Stats }>(await sendResult(alice.browser, gameId))).stats).toMatchObject({ totalPoints: 0, gamesPlayed: 1 });
  });

  it('at most 20 games score in an hour; the next waits (429 with Retry-After) and scores once the hour has passed', async () => {
    const alice = await world.signUp('Alice');
    for (let game = 0; game < 20; game += 1) {
      world.clock.now += 1_000;
      expect((await playGame(alice.browser, 1)).status).toBe(201);
    }
    const waiting = await startGame(alice.browser);
    await answerTurns(alice.browser, waiting, 1);
    const refused = await sendResult(alice.browser, waiting);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await statsOf(alice)).toMatchObject({ totalPoints: 2200, gamesPlayed: 20 });

    world.clock.now += 60 * 60 * 1000;
    expect((await sendResult(alice.browser, waiting)).status).toBe(201);
    expect(await statsOf(alice)).toMatchObject({ totalPoints: 2310, gamesPlayed: 21 });
  });

  it('at most 60 games start in an hour (429 with Retry-After)', async () => {
    const alice = await world.signUp('Alice');
    for (let game = 0; game < 60; game += 1) await startGame(alice.browser);
    const refused = await alice.browser.request('POST', '/api/games/sessions', { game: 'hottakes' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
  });

  it('starting a game needs a session (401) and a known game (400)', async () => {
    const guest = browser(world.app, { address: '198.51.100.21' });
    expect((await guest.request('POST', '/api/games/sessions', { game: 'hottakes' })).status).toBe(401);
    const alice = await world.signUp('Alice');
    expect((await alice.browser.request('POST', '/api/games/sessions', { game: 'chess' })).status).toBe(400);
  });
});
