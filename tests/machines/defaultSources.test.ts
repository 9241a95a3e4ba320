import { createActor } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createGamesActors } from '../../src/features/games/actors';
import { createViewerSource } from '../../src/shared/session/viewer';

const gamesActors = createGamesActors(createViewerSource());
import { gameIntroMachine } from '../../src/features/games/machines/gameIntro.machine';
import { soloChatMachine } from '../../src/features/games/machines/soloChat.machine';

// The app hands the chats and games it starts the device's clock and random source (Date.now, Math.random),
// through the games' actors; the other tests pass fixed ones, so this is where the device's are held.

afterEach(() => {
  vi.useRealTimers();
});

describe('machines started without sources', () => {
  it("a chat on the app's sources stamps its welcome with the system clock and draws from Math.random", () => {
    vi.useFakeTimers({ now: Date.parse('2026-05-01T09:30:00.000Z') });
    vi.spyOn(Math, 'random').mockReturnValue(0.25);
    const context = createActor(soloChatMachine, { input: gamesActors.sources }).getSnapshot().context;
    expect(context.messages.map((m) => m.timestamp)).toEqual(['2026-05-01T09:30:00.000Z']);
    vi.setSystemTime(Date.parse('2026-05-01T09:31:00.000Z'));
    expect(context.now()).toBe(Date.parse('2026-05-01T09:31:00.000Z'));
    expect(context.random()).toBe(0.25);
  });

  it("the game intro scatters its decorations with the app's random source, Math.random", () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const decorations = createActor(gameIntroMachine, { input: { random: gamesActors.sources.random } }).getSnapshot().context.decorations;
    expect(decorations.length).toBeGreaterThan(0);
    // random 0: no jitter, so every delay is 0 ms and every float lasts 3000 ms.
    expect(new Set(decorations.map((d) => `${d.delay}/${d.duration}`))).toEqual(new Set(['0/3000']));
  });
});
