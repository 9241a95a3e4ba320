import { createActor, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { INTRO_EMOJIS, INTRO_ICONS } from '../../src/domain/gameIntros';
import { gameIntroMachine, introStage } from '../../src/machines/gameIntro.machine';
import { runModel } from '../support/modelTest';

const EVENTS = [
  { type: 'xstate.after.titleDelay.gameIntro.running.opening' },
  { type: 'xstate.after.subtitleDelay.gameIntro.running.title' },
  { type: 'xstate.after.loadingDelay.gameIntro.running.subtitle' },
  { type: 'xstate.after.navigateDelay.gameIntro.running.loading' },
  { type: 'LEAVE' },
  { type: 'SKIP' },
];

const STAGE_TIMES: Record<string, number> = { opening: 0, title: 500, subtitle: 1500, loading: 2500 };

/** A repeatable stand-in for Math.random: a small linear congruential sequence. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe('game intro machine (model-based)', () => {
  it('shows its stages at 500, 1500 and 2500 ms, goes to the chat at 4000 ms, and never after leaving', async () => {
    const count = await runModel({
      machine: gameIntroMachine,
      // A constant source keeps the model's context and the live actor's identical.
      input: { random: () => 0.25 },
      events: EVENTS,
      provide: (env) => ({
        actions: {
          navigateToChat: () => env.record('navigate', 'chat'),
          navigateBack: () => env.record('navigate', 'back'),
        },
      }),
      check: ({ env, snapshot, path }) => {
        const value = snapshot.value;
        if (typeof value === 'object') {
          const stage = value.running as string;
          // Timers only: a path that skipped or left ends in a final state instead.
          expect(env.clock.now(), path.description).toBe(STAGE_TIMES[stage]);
          expect(introStage(snapshot)).toBe(['opening', 'title', 'subtitle', 'loading'].indexOf(stage));
          expect(env.effects).toEqual([]);
          return;
        }
        if (value === 'done') {
          expect(env.effects).toEqual([{ type: 'navigate', payload: 'chat' }]);
          const skipped = path.steps.some((s) => s.event.type === 'SKIP');
          if (!skipped) expect(env.clock.now()).toBe(4000);
          else expect(env.clock.now()).toBeLessThan(4000);
        }
        if (value === 'left') {
          expect(env.effects).toEqual([{ type: 'navigate', payload: 'back' }]);
          // Time goes on after leaving: nothing else may happen.
          env.clock.increment(10_000);
          expect(env.effects).toEqual([{ type: 'navigate', payload: 'back' }]);
        }
        expect(snapshot.status).toBe('done');
      },
    });
    expect(count).toBeGreaterThanOrEqual(6);
  });
});

describe('game intro timers', () => {
  function start() {
    const clock = new SimulatedClock();
    const effects: string[] = [];
    const actor = createActor(
      gameIntroMachine.provide({
        actions: { navigateToChat: () => effects.push('chat'), navigateBack: () => effects.push('back') },
      }),
      { clock, input: { random: seeded(7) } },
    );
    actor.start();
    return { clock, effects, actor };
  }

  it('stopping the actor (the screen unmounting) cancels the navigation still to come', () => {
    const { clock, effects, actor } = start();
    // The simulated clock starts each chained timer at the moment it is set, so time moves stage by stage.
    for (const ms of [500, 1000, 1000, 1499]) clock.increment(ms);
    expect(actor.getSnapshot().matches({ running: 'loading' })).toBe(true);
    actor.stop();
    clock.increment(60_000);
    expect(effects).toEqual([]);
  });

  it('navigates exactly once, at 4000 ms, when left alone', () => {
    const { clock, effects } = start();
    for (const ms of [500, 1000, 1000, 1499]) clock.increment(ms);
    expect(clock.now()).toBe(3999);
    expect(effects).toEqual([]);
    clock.increment(1);
    expect(effects).toEqual(['chat']);
    clock.increment(60_000);
    expect(effects).toEqual(['chat']);
  });
});

describe('intro decorations', () => {
  it('spreads the 20 emojis and 12 icons over the two bands, one grid cell each, at random spots', () => {
    for (const seed of [1, 2, 3, 42, 2024]) {
      const decorations = createActor(gameIntroMachine, { input: { random: seeded(seed) } }).getSnapshot().context.decorations;
      expect(decorations.filter((d) => d.kind === 'emoji').map((d) => d.symbol)).toEqual([...INTRO_EMOJIS]);
      expect(decorations.filter((d) => d.kind === 'icon').map((d) => d.symbol)).toEqual([...INTRO_ICONS]);
      const cells = new Set<string>();
      for (const d of decorations) {
        expect(['top', 'bottom']).toContain(d.band);
        for (const v of [d.x, d.y]) {
          expect(v).toBeGreaterThanOrEqual(0);
          expect(v).toBeLessThan(100);
        }
        expect(d.size).toBeGreaterThanOrEqual(0.85);
        expect(d.size).toBeLessThanOrEqual(1.2);
        cells.add(`${d.band} ${Math.floor((d.x / 100) * 6)} ${Math.floor((d.y / 100) * 3)}`);
      }
      // No two bubbles share a cell of the 6 x 3 grid in their band.
      expect(cells.size).toBe(32);
    }
    const [a, b] = [1, 2].map((seed) => createActor(gameIntroMachine, { input: { random: seeded(seed) } }).getSnapshot().context.decorations);
    expect(a).not.toEqual(b);
  });

  it('uses the input source rather than Math.random', () => {
    const a = createActor(gameIntroMachine, { input: { random: seeded(5) } }).getSnapshot().context.decorations;
    const b = createActor(gameIntroMachine, { input: { random: seeded(5) } }).getSnapshot().context.decorations;
    expect(a).toEqual(b);
    expect(new Set(INTRO_EMOJIS).size).toBe(20);
    expect(new Set(INTRO_ICONS).size).toBe(12);
  });
});
