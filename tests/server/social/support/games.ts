import { expect } from 'vitest';
import type { Browser } from '../../members/support/browser';

// A Hot Takes game against the AI as a member's browser plays it: the server starts the game, the AI
// answers `turns` of the member's messages for it, then the result is sent by the game's id.

export async function startGame(browser: Browser): Promise<string> {
  const started = await browser.request('POST', '/api/games/sessions', { game: 'hottakes' });
  expect(started.status).toBe(201);
  return ((await started.json()) as { gameId: string }).gameId;
}

/** One reply of the AI partner for `gameId` (the first-response route, as the game's first turn uses). */
export function answerTurn(browser: Browser, gameId: string | undefined, message = 'Pineapple belongs on pizza'): Promise<Response> {
  return browser.request('POST', '/api/ai/chat/first-response', {
    username: 'RiffLord',
    personality: 'Loud and proud.',
    interests: ['Metal'],
    prompt: 'Hot take: vinyl is overrated.',
    partnerTake: 'Vinyl is a lifestyle.',
    message,
    ...(gameId ? { gameId } : {}),
  });
}

export async function answerTurns(browser: Browser, gameId: string, turns: number): Promise<void> {
  for (let turn = 0; turn < turns; turn += 1) expect((await answerTurn(browser, gameId)).status).toBe(200);
}

export function sendResult(browser: Browser, gameId: string): Promise<Response> {
  return browser.request('POST', '/api/games/results', { game: 'hottakes', gameId });
}

/** A whole game: started, `turns` answered, the result sent; answers the result's response. */
export async function playGame(browser: Browser, turns: number): Promise<Response> {
  const gameId = await startGame(browser);
  await answerTurns(browser, gameId, turns);
  return sendResult(browser, gameId);
}
