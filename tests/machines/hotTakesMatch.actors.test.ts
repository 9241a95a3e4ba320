// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { hotTakesMatchMachine } from '../../src/features/games/machines/hotTakesMatch.machine';
import { hotTakesMatchActorsWith } from '../../src/features/games/actors/hotTakesMatch.actors';
import { createViewerSource } from '../../src/shared/session/viewer';
import { generateFirstResponse, generateHotTakesPrompt, generateMatchedChatReply, generatePersonaHotTake } from '../../src/shared/http/ai';
import type { GameWinOutcome } from '../../src/domain/stats';

// The matched Hot Takes chat with its real actors: the partner drawn from the device's users, the AI asked
// over HTTP (a recording fetch answers), the log saved on the device. What each AI request carries is the
// partner's persona and the chat so far, as docs/product.md describes.

const T0 = Date.parse('2026-11-24T05:00:00.000Z');
const PROMPT = 'Hot take: vinyl is overrated.';
const TAKE = 'Vinyl is a lifestyle, not a format.';
const BRASH = 'Excuse me?! That is outrageous.';
const REPLY = 'Fine, you have a point. Barely.';
const WELCOME = 'Welcome to Hot Takes! Get ready to defend your spiciest opinion. 🔥';

// docs/product.md: 25 stored users with a personality and a community are kept as they are.
const users = Array.from({ length: 25 }, (_, i) => ({
  id: `user-${i + 1}`,
  username: `Player${i + 1}`,
  email: `player${i + 1}@example.com`,
  interests: ['Jazz', 'Chess'],
  personality: 'Blunt and cheerful.',
  communities: ['Seattle'],
}));
const PERSONA = { username: 'Player1', personality: 'Blunt and cheerful.', interests: ['Jazz', 'Chess'] };

interface Call {
  url: string;
  body: Record<string, unknown>;
}

let calls: Call[] = [];
const ANSWERS: Record<string, string> = {
  '/api/ai/hot-takes/prompt': PROMPT,
  '/api/ai/hot-takes/persona': TAKE,
  '/api/ai/chat/first-response': BRASH,
  '/api/ai/chat/reply': REPLY,
};
const bodiesTo = (url: string) => calls.filter((c) => c.url === url).map((c) => c.body);

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('mycelius_users', JSON.stringify(users));
  calls = [];
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    calls.push({ url, body: JSON.parse(init.body as string) as Record<string, unknown> });
    return Promise.resolve(new Response(JSON.stringify({ text: ANSWERS[url] ?? '' }), { headers: { 'Content-Type': 'application/json' } }));
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** One app run's actors over the real AI client (the recording fetch answers); a new screen gets the same ones. */
let appActors = hotTakesMatchActorsWith(createViewerSource(), { generateHotTakesPrompt, generatePersonaHotTake, generateFirstResponse, generateMatchedChatReply });
beforeEach(() => {
  appActors = hotTakesMatchActorsWith(createViewerSource(), { generateHotTakesPrompt, generatePersonaHotTake, generateFirstResponse, generateMatchedChatReply });
});

/** The machine with its real actors but for the win (which asks who is signed in): recorded, and failing as told. */
function start(recordWin = (): Promise<GameWinOutcome> => Promise.resolve({ award: 110, stats: null })) {
  const machine = hotTakesMatchMachine.provide({ actors: { ...appActors, recordWin: fromPromise(recordWin) }, actions: { goToGames: () => undefined } });
  return createActor(machine, { input: { now: () => Date.now(), random: () => 0 } }).start();
}

describe('hot takes match (real actors)', () => {
  it('asks the AI with the partner persona, the take, the message and the chat before it', async () => {
    vi.useFakeTimers({ now: T0 });
    const actor = start();
    await waitFor(actor, (s) => s.matches({ open: { game: { userResponse: 'ready' } } }));
    expect(actor.getSnapshot().context.partner?.username).toBe('Player1');
    expect(bodiesTo('/api/ai/hot-takes/persona')).toEqual([{ ...PERSONA, prompt: PROMPT }]);

    actor.send({ type: 'SEND', text: 'Pineapple belongs on pizza' });
    // The reveal line after 0.5 s, the take 1 s later, the brash first reply 1.5 s after that.
    await vi.advanceTimersByTimeAsync(500 + 1000 + 1500);
    await waitFor(actor, (s) => s.context.messages.at(-1)?.text === BRASH);
    expect(bodiesTo('/api/ai/chat/first-response')).toEqual([
      { ...PERSONA, prompt: PROMPT, partnerTake: TAKE, message: 'Pineapple belongs on pizza' },
    ]);

    actor.send({ type: 'SEND', text: 'Second thought' });
    // random 0: later replies 0.8 s after the message.
    await vi.advanceTimersByTimeAsync(800);
    await waitFor(actor, (s) => s.context.messages.at(-1)?.text === REPLY);
    expect(bodiesTo('/api/ai/chat/reply')).toEqual([
      {
        ...PERSONA,
        messages: [
          { sender: 'other', text: WELCOME },
          { sender: 'user', text: 'Pineapple belongs on pizza' },
          { sender: 'system', text: "Great! Here's what Player1 said about this:" },
          { sender: 'Player1', text: TAKE },
          { sender: 'Player1', text: BRASH },
        ],
        message: 'Second thought',
      },
    ]);

    // Two more while a reply is on its way, then an emoji: the next reply answers the newest text.
    actor.send({ type: 'SEND', text: 'Third' });
    actor.send({ type: 'SEND', text: 'Fourth' });
    actor.send({ type: 'EMOJI', emoji: '👍' });
    await vi.advanceTimersByTimeAsync(800);
    await waitFor(actor, () => bodiesTo('/api/ai/chat/reply').length === 3);
    expect(bodiesTo('/api/ai/chat/reply').map((b) => b.message)).toEqual(['Second thought', 'Third', 'Fourth']);
    actor.stop();
  });

  it('saves the log on the device when the player leaves, and the next game avoids the prompt just played', async () => {
    vi.useFakeTimers({ now: T0 });
    const actor = start();
    await waitFor(actor, (s) => s.matches({ open: { game: { userResponse: 'ready' } } }));
    actor.send({ type: 'SEND', text: 'Pineapple belongs on pizza' });
    await vi.advanceTimersByTimeAsync(500 + 1000 + 1500);
    await waitFor(actor, (s) => s.context.messages.at(-1)?.text === BRASH);
    actor.send({ type: 'BACK' });
    actor.send({ type: 'CONFIRM_LEAVE' });
    await waitFor(actor, (s) => s.status === 'done');
    const logs = JSON.parse(localStorage.getItem('hottakes_chat_logs')!) as { partner: string; messages: unknown[] }[];
    expect(logs).toHaveLength(1);
    expect(logs[0]!.partner).toBe('Player1');
    expect(logs[0]!.messages).toHaveLength(5);

    // A new screen in the same session: the AI is told which prompt not to repeat.
    calls = [];
    const next = start();
    await waitFor(next, (s) => s.matches({ open: { game: { userResponse: 'ready' } } }));
    // (This AI answers the same prompt again, so it is asked twice more, each time told the same.)
    expect(bodiesTo('/api/ai/hot-takes/prompt')[0]).toEqual({ interests: [], previous: PROMPT });
    next.stop();
  });

  it('after a failed win save, BACK retries only the win: the log is not saved twice', async () => {
    vi.useFakeTimers({ now: T0 });
    let attempts = 0;
    const actor = start(() => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(new Error('down')) : Promise.resolve<GameWinOutcome>({ award: 110, stats: null });
    });
    await waitFor(actor, (s) => s.matches({ open: { game: { userResponse: 'ready' } } }));
    actor.send({ type: 'SEND', text: 'Pineapple belongs on pizza' });
    await vi.advanceTimersByTimeAsync(500 + 1000 + 1500);
    await waitFor(actor, (s) => s.context.messages.at(-1)?.text === BRASH);
    actor.send({ type: 'SEND', text: 'Second thought' });
    await vi.advanceTimersByTimeAsync(800);
    await waitFor(actor, (s) => s.context.messages.at(-1)?.text === REPLY);
    // 7 messages: leaving now is a win.
    actor.send({ type: 'BACK' });
    actor.send({ type: 'CONFIRM_LEAVE' });
    await waitFor(actor, (s) => s.matches({ open: { leave: 'failed' } }));
    // The log is stored, the win is still owed.
    expect(actor.getSnapshot().context.toSave).toEqual({ log: false, win: true });
    // A retry a second later would store a second log (a log is named by when it was saved).
    await vi.advanceTimersByTimeAsync(1000);
    actor.send({ type: 'BACK' });
    await waitFor(actor, (s) => s.status === 'done');
    expect(attempts).toBe(2);
    expect(JSON.parse(localStorage.getItem('hottakes_chat_logs')!)).toHaveLength(1);
  });
});
