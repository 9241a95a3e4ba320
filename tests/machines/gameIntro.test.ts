import { createActor, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { gameIntroMachine, introStage } from '../../src/features/games/machines/gameIntro.machine';
import { after, isAfter, itCoversTheModel, type StateView } from '../support/modelTest';

const EVENTS = [
  after('titleDelay'),
  after('subtitleDelay'),
  after('loadingDelay'),
  after('navigateDelay'),
  { type: 'LEAVE' },
  { type: 'SKIP' },
];

/** A repeatable stand-in for Math.random: a small linear congruential sequence. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

// docs/product.md §2/§9: stages at 500, 1500 and 2500 ms; the chat route at 4000 ms; timers cancelled on leaving.
const stageAt = (stage: number, ms: number) => ({ env, snapshot, events }: StateView<typeof gameIntroMachine>) => {
  expect(introStage(snapshot)).toBe(stage);
  expect(env.clock.now()).toBe(ms);
  expect(events.every(isAfter())).toBe(true);
  expect(env.timeline).toEqual([]);
};

describe('game intro machine (model-based)', () => {
  itCoversTheModel('shows its stages at 500, 1500 and 2500 ms, goes to the chat at 4000 ms, and never after leaving', {
    machine: gameIntroMachine,
    // A constant source keeps the model's context and the live actor's identical.
    input: { random: () => 0.25 },
    limit: 10,
    events: EVENTS,
    // Each stage counts from the previous one.
    delays: { titleDelay: 500, subtitleDelay: 1000, loadingDelay: 1000, navigateDelay: 1500 },
    provide: (env) => ({
      actions: {
        navigateToChat: () => env.record('navigate', 'chat'),
        navigateBack: () => env.record('navigate', 'back'),
      },
    }),
    states: {
      'running.opening': stageAt(0, 0),
      'running.title': stageAt(1, 500),
      'running.subtitle': stageAt(2, 1500),
      'running.loading': stageAt(3, 2500),
      // Left alone it goes to the chat at 4000 ms; SKIP goes at once.
      done: ({ env, snapshot, events }) => {
        const at = events.includes('SKIP') ? env.clock.now() : 4000;
        if (events.includes('SKIP')) expect(at).toBeLessThan(4000);
        expect(env.timeline).toEqual([{ type: 'navigate', payload: 'chat', at }]);
        expect(snapshot.status).toBe('done');
      },
      left: ({ env, snapshot }) => {
        const at = env.clock.now();
        expect(env.timeline).toEqual([{ type: 'navigate', payload: 'back', at }]);
        // Time goes on after leaving: nothing else may happen.
        env.clock.increment(10_000);
        expect(env.timeline).toEqual([{ type: 'navigate', payload: 'back', at }]);
        expect(snapshot.status).toBe('done');
      },
    },
  }, { states: 8, transitions: 6 });
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
      // docs/product.md §2: 20 floating emojis and 12 floating icons, each a different one.
      const emojis = decorations.filter((d) => d.kind === 'emoji').map((d) => d.symbol);
      const icons = decorations.filter((d) => d.kind === 'icon').map((d) => d.symbol);
      expect(emojis).toHaveLength(20);
      expect(new Set(emojis).size).toBe(20);
      expect(icons).toHaveLength(12);
      expect(new Set(icons).size).toBe(12);
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
  });
});
