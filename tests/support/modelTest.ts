import {
  createActor,
  fromPromise,
  initialTransition,
  SimulatedClock,
  transition,
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
  type SnapshotFrom,
} from 'xstate';
import { expect } from 'vitest';

// Model-based testing over real machines, with oracles that do not come from the machine.
//
//   const report = await testModel({
//     machine, events, limit: 200,                  // the search stops with a clear error past `limit` snapshots
//     delays: { redirectGrace: 10_000 },            // the contract's numbers, written as literals
//     states: {                                     // one entry per reachable state value, e.g. 'ready.announcing'
//                                                   // (or per parallel region: 'bio.idle', 'credit.gemini')
//       redirected: ({ env }) => expect(env.timeline).toContainEqual({ type: 'redirect', payload: URL, at: 0 }),
//     },
//   });
//
// 1. A breadth-first search over `events` lists every distinct snapshot (value + context, or
//    `serializeState`) and every transition out of it. Past `limit` snapshots it throws at once, naming
//    the path that got there: an unbounded context (a missing guard) fails in a second, not in 15 minutes.
// 2. Each path (shortest path to a snapshot, then one more transition, for every transition) is replayed
//    on a real actor with a SimulatedClock: `after` steps advance the clock by the test's literal delay
//    (and check nothing fired 1 ms earlier), done/error steps settle the deferred promise behind that
//    invoke, other events are sent.
// 3. The path's final state must satisfy its entry in `states`: what a user or caller observes there
//    (texts in context, navigation and when on the clock via env.timeline, storage, services called and
//    with what via env.pending). A reached state without an entry, or an entry no path reaches, fails.
// 4. Coverage: every state node, every (state node, event) transition and both outcomes of every guard.

export interface Deferred<T = unknown> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
  input: unknown;
}

function deferred<T>(input: unknown): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  promise.catch(() => undefined);
  return { promise, resolve, reject, input };
}

export interface TimedEffect {
  type: string;
  payload?: unknown;
  /** Simulated-clock time in ms when the effect happened (the replay starts at 0). */
  at: number;
}

/** What a replay can see and what its expectations can assert against. */
export interface ReplayEnv {
  clock: SimulatedClock;
  /** Deferred promises by invoke id, in the order the actor started them; `input` is what the service got. */
  pending: Map<string, Deferred[]>;
  /** Anything the provided implementations record (navigations, writes...). */
  effects: { type: string; payload?: unknown }[];
  /** The same effects with the simulated time each happened at. */
  timeline: TimedEffect[];
  record: (type: string, payload?: unknown) => void;
}

/** An event the model may send: a type plus any payload (output, error, field values...). */
export type ModelEvent = { type: string; [key: string]: unknown };

export interface ModelPath<TMachine extends AnyStateMachine> {
  description: string;
  target: SnapshotFrom<TMachine>;
  steps: { event: EventObject; state: SnapshotFrom<TMachine> }[];
}

/** What a per-state expectation is given. */
export interface StateView<TMachine extends AnyStateMachine> {
  snapshot: SnapshotFrom<TMachine>;
  context: SnapshotFrom<TMachine>['context'];
  env: ReplayEnv;
  path: ModelPath<TMachine>;
  /** Event types along the path, in order (no xstate.init). */
  events: string[];
  /** The last event of the path (undefined for the initial state). */
  last: ModelEvent | undefined;
}

export interface ModelOptions<TMachine extends AnyStateMachine> {
  machine: TMachine;
  events: ModelEvent[] | ((snapshot: SnapshotFrom<TMachine>) => ModelEvent[]);
  input?: unknown;
  /** Most distinct snapshots the search may find; past it the test fails fast (default 5000). */
  limit?: number;
  /** How the model tells snapshots apart (default: value + context). */
  serializeState?: (snapshot: SnapshotFrom<TMachine>) => string;
  /** Implementations for each replay: spies for actions, fakes for non-promise actors. */
  provide?: (env: ReplayEnv) => Parameters<TMachine['provide']>[0];
  /** Compare the live context with the model's too (default true); off when context holds live values. */
  compareContext?: boolean;
  /** Runs before the replay (seed storage, reset mocks). */
  setup?: (env: ReplayEnv) => void;
  /** Expected length of each named delay, as the contract states it (ms, or from the snapshot for jitter). */
  delays?: Record<string, number | ((snapshot: SnapshotFrom<TMachine>) => number)>;
  /** What must hold in each state a path ends in, keyed by `stateKey(value)`; testModel requires it. */
  states?: Record<string, (view: StateView<TMachine>) => void | Promise<void>>;
}

// Generous; tests state their own.
const DEFAULT_LIMIT = 5000;

/**
 * Which entries of the table a state key runs: its own, or for parallel regions ('a.x + b.y') one entry
 * per region when the combination has none. A missing entry fails the path.
 */
function expectationKeys(states: Record<string, unknown>, key: string): string[] {
  if (states[key]) return [key];
  const parts = key.split(' + ');
  const missing = parts.filter((part) => !states[part]);
  if (parts.length === 1 || missing.length > 0) throw new Error(`no expectation for state "${missing.length ? missing.join('", "') : key}" in options.states`);
  return parts;
}

/** A state value as one readable key ('(root)' for a machine without states): 'idle', 'ready.announcing', 'game.playing + dialog.closed', 'chat.(a.x + b.y)'. */
export function stateKey(value: unknown, nested = false): string {
  if (typeof value === 'string') return value;
  const parts = Object.entries(value as Record<string, unknown>).map(([key, child]) =>
    isEmptyValue(child) ? key : `${key}.${stateKey(child, true)}`,
  );
  if (parts.length === 0) return '(root)';
  // Regions below the top level stay grouped, so only top-level regions split into separate entries.
  return nested && parts.length > 1 ? `(${parts.join(' + ')})` : parts.join(' + ');
}

function isEmptyValue(value: unknown): boolean {
  return typeof value === 'object' && value !== null && Object.keys(value).length === 0;
}

function allStateNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...Object.values(node.states).flatMap((child) => allStateNodes(child as AnyStateNode))];
}

function stringSources(machine: AnyStateMachine): Set<string> {
  const sources = new Set<string>();
  for (const node of allStateNodes(machine.root)) {
    for (const def of node.invoke) if (typeof def.src === 'string') sources.add(def.src);
  }
  return sources;
}

function describeEvent(event: EventObject, full: boolean): string {
  const { type, ...payload } = event as EventObject & Record<string, unknown>;
  if (Object.keys(payload).length === 0) return type;
  const json = JSON.stringify(payload);
  return `${type} ${full || json.length <= 160 ? json : `${json.slice(0, 160)}…`}`;
}

/** Names a path by its events and their payloads (cut short unless `full`, which keeps paths that differ only in data apart). */
function describePath(steps: { event: EventObject }[], target: { value: unknown }, full = false): string {
  const events = steps.filter((s) => s.event.type !== 'xstate.init').map((s) => describeEvent(s.event, full));
  return `${events.length ? events.join(' → ') : '(start)'} ⇒ ${stateKey(target.value)}`;
}

const defaultSerialize = (snapshot: { value: unknown; context: unknown }) =>
  JSON.stringify({ value: snapshot.value, context: snapshot.context });

function guardName(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return guard.name || 'inline guard';
  const type = (guard as { type?: unknown }).type;
  return typeof type === 'string' ? type : 'inline guard';
}

interface TransitionLike {
  guard?: unknown;
  eventType: string;
  source: AnyStateNode;
}

function guardKey(candidate: TransitionLike, index: number): string {
  return `${candidate.source.id} on ${candidate.eventType} [${index}] ${guardName(candidate.guard)}`;
}

/** Every guarded candidate the machine has, as `guardKey`s. */
function allGuards(machine: AnyStateMachine): string[] {
  return allStateNodes(machine.root).flatMap((node) =>
    [...node.transitions.values()].flatMap((candidates) =>
      (candidates as TransitionLike[]).flatMap((c, i) => (c.guard ? [guardKey(c, i)] : [])),
    ),
  );
}

/** Records which guards `event` evaluated in `snapshot`, and to what, the way xstate selects transitions. */
function recordGuards(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: EventObject, outcomes: Set<string>) {
  const taken = new Set<unknown>(machine.getTransitionData(snapshot as never, event));
  const atomic = snapshot._nodes.filter((node) => node.type === 'atomic' || node.type === 'final');
  for (const leaf of atomic) {
    let node: AnyStateNode | undefined = leaf;
    walk: while (node) {
      const candidates = (node.transitions.get(event.type) ?? []) as TransitionLike[];
      for (const [i, candidate] of candidates.entries()) {
        const chosen = taken.has(candidate);
        if (candidate.guard) outcomes.add(`${guardKey(candidate, i)} → ${chosen}`);
        if (chosen || !candidate.guard) break walk;
      }
      node = node.parent;
    }
  }
}

interface Model<TMachine extends AnyStateMachine> {
  paths: ModelPath<TMachine>[];
  /** The shortest path to each distinct snapshot. */
  toSnapshots: ModelPath<TMachine>[];
  snapshots: number;
  guardOutcomes: Set<string>;
}

const models = new WeakMap<object, Model<AnyStateMachine>>();

/** Breadth-first search of the machine's snapshots; throws past `limit` distinct snapshots. */
function buildModel<TMachine extends AnyStateMachine>(options: ModelOptions<TMachine>): Model<TMachine> {
  const cached = models.get(options);
  if (cached) return cached;
  const machine = options.machine as AnyStateMachine;
  const serialize = (options.serializeState ?? defaultSerialize) as (s: AnyMachineSnapshot) => string;
  const limit = options.limit ?? DEFAULT_LIMIT;
  type Step = ModelPath<TMachine>['steps'][number];

  const [initial] = initialTransition(machine, options.input as never) as [AnyMachineSnapshot, unknown];
  const shortest = new Map<string, Step[]>([[serialize(initial), [{ event: { type: 'xstate.init' }, state: initial as SnapshotFrom<TMachine> }]]]);
  const queue: [string, AnyMachineSnapshot][] = [[serialize(initial), initial]];
  const edges: { from: string; step: Step }[] = [];
  const guardOutcomes = new Set<string>();

  while (queue.length > 0) {
    const [key, snapshot] = queue.shift()!;
    if (snapshot.status !== 'active') continue;
    const events = typeof options.events === 'function' ? options.events(snapshot as SnapshotFrom<TMachine>) : options.events;
    for (const event of events) {
      // Only events some active state node handles are transitions; the rest would change nothing.
      if (!snapshot._nodes.some((node) => node.transitions.has(event.type))) continue;
      recordGuards(machine, snapshot, event, guardOutcomes);
      const [next] = transition(machine, snapshot as never, event as never) as [AnyMachineSnapshot, unknown];
      const step: Step = { event, state: next as SnapshotFrom<TMachine> };
      edges.push({ from: key, step });
      const nextKey = serialize(next);
      if (shortest.has(nextKey)) continue;
      const steps = [...shortest.get(key)!, step];
      shortest.set(nextKey, steps);
      if (shortest.size > limit) {
        throw new Error(
          `${machine.id}: the model passed its limit of ${limit} distinct snapshots, so the path search is unbounded. ` +
            `Something in context grows without end (a missing guard?) or serializeState keeps data that does not matter. ` +
            `Latest path: ${describePath(steps, next)}; context ${JSON.stringify(next.context).slice(0, 800)}`,
        );
      }
      queue.push([nextKey, next]);
    }
  }

  const paths: ModelPath<TMachine>[] = [];
  const seen = new Set<string>();
  const add = (steps: Step[]) => {
    const target = steps.at(-1)!.state;
    const identity = describePath(steps, target, true);
    if (seen.has(identity)) return;
    seen.add(identity);
    paths.push({ description: describePath(steps, target), steps, target });
  };
  for (const steps of shortest.values()) add(steps);
  const toSnapshots = [...paths];
  for (const { from, step } of edges) add([...shortest.get(from)!, step]);
  const model = { paths, toSnapshots, snapshots: shortest.size, guardOutcomes };
  models.set(options, model);
  return model;
}

/** Every path the model has: one to each snapshot, and one through each transition. */
export function modelPaths<TMachine extends AnyStateMachine>(options: ModelOptions<TMachine>): ModelPath<TMachine>[] {
  return buildModel(options).paths;
}

interface CoverageSets {
  snapshots: number;
  reached: Set<string>;
  taken: Set<string>;
  outcomes: Set<string>;
}

function coverageSets<TMachine extends AnyStateMachine>(options: ModelOptions<TMachine>): CoverageSets {
  const { paths, snapshots, guardOutcomes } = buildModel(options);
  const reached = new Set<string>();
  const taken = new Set<string>();
  for (const path of paths) {
    path.steps.forEach((step, i) => {
      for (const node of (step.state as AnyMachineSnapshot)._nodes) reached.add(node.id);
      if (i === 0) return;
      for (const node of (path.steps[i - 1]!.state as AnyMachineSnapshot)._nodes) {
        if (node.transitions.has(step.event.type)) taken.add(`${node.id} on ${step.event.type}`);
      }
    });
  }
  return { snapshots, reached, taken, outcomes: guardOutcomes };
}

/** What the coverage sets miss of the machine's state nodes, transitions and guard outcomes. */
function coverageOf(machine: AnyStateMachine, sets: CoverageSets) {
  const nodes = allStateNodes(machine.root);
  const allTransitions = nodes.flatMap((node) => [...node.transitions.keys()].map((type) => `${node.id} on ${type}`));
  const guards = allGuards(machine);
  const allOutcomes = guards.flatMap((g) => [`${g} → true`, `${g} → false`]);
  return {
    snapshots: sets.snapshots,
    states: nodes.length,
    transitions: allTransitions.length,
    guards: guards.length,
    missingStates: nodes.map((n) => n.id).filter((id) => !sets.reached.has(id)),
    missingTransitions: allTransitions.filter((t) => !sets.taken.has(t)),
    missingGuardOutcomes: allOutcomes.filter((o) => !sets.outcomes.has(o)),
  };
}

/** The delay a test expects: a numeric delay is its own literal; a named one must be in `options.delays`. */
function expectedDelayMs<TMachine extends AnyStateMachine>(options: ModelOptions<TMachine>, delayRef: string, snapshot: SnapshotFrom<TMachine>) {
  const asNumber = Number(delayRef);
  if (Number.isFinite(asNumber)) return asNumber;
  const literal = options.delays?.[delayRef];
  if (typeof literal === 'number') return literal;
  if (typeof literal === 'function') return literal(snapshot);
  throw new Error(`${options.machine.id}: the model waits on delay "${delayRef}"; give its contract value in options.delays`);
}

/** Lets settled promises reach the actor: microtasks only, so thousands of paths stay fast. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
}

function withPath(error: unknown, where: string): never {
  if (error instanceof Error) error.message = `${where}: ${error.message}`;
  throw error;
}

/** Replays one path on a live actor, checks its final state, and returns the env and final snapshot. */
export async function replayPath<TMachine extends AnyStateMachine>(options: ModelOptions<TMachine>, path: ModelPath<TMachine>) {
  const env: ReplayEnv = {
    clock: new SimulatedClock(),
    pending: new Map(),
    effects: [],
    timeline: [],
    record: (type, payload) => {
      env.effects.push({ type, payload });
      env.timeline.push({ type, payload, at: env.clock.now() });
    },
  };
  options.setup?.(env);
  const provided = (options.provide?.(env) ?? {}) as { actors?: Record<string, unknown> };
  const actors: Record<string, unknown> = {};
  for (const src of stringSources(options.machine)) {
    actors[src] = fromPromise(({ input, self }: { input: unknown; self: AnyActorRef }) => {
      const d = deferred<unknown>(input);
      const list = env.pending.get(self.id) ?? [];
      list.push(d);
      env.pending.set(self.id, list);
      return d.promise;
    });
  }
  const machine = options.machine.provide({ ...provided, actors: { ...actors, ...(provided.actors ?? {}) } } as never);
  const actor = createActor(machine as AnyStateMachine, { clock: env.clock, input: options.input as never });
  actor.subscribe({ error: () => undefined });
  actor.start();
  await settle();

  const compareContext = options.compareContext ?? true;
  for (const step of path.steps) {
    const { event } = step;
    if (event.type === 'xstate.init') continue;
    if (event.type.startsWith('xstate.after.')) {
      const delayRef = event.type.slice('xstate.after.'.length).split('.')[0]!;
      const before = actor.getSnapshot();
      const ms = expectedDelayMs(options, delayRef, before as SnapshotFrom<TMachine>);
      if (ms > 0) {
        env.clock.increment(ms - 1);
        await settle();
        expect(actor.getSnapshot().value, `delay "${delayRef}" fired before ${ms} ms on path "${path.description}"`).toEqual(before.value);
        env.clock.increment(1);
      }
    } else if (event.type.startsWith('xstate.done.actor.') || event.type.startsWith('xstate.error.actor.')) {
      const isDone = event.type.startsWith('xstate.done.actor.');
      const id = event.type.slice((isDone ? 'xstate.done.actor.' : 'xstate.error.actor.').length);
      const d = env.pending.get(id)?.at(-1);
      if (!d) throw new Error(`Path "${path.description}": no running actor "${id}" to settle`);
      if (isDone) d.resolve((event as { output?: unknown }).output);
      else d.reject((event as { error?: unknown }).error);
    } else {
      actor.send(event);
    }
    await settle();
    const live = actor.getSnapshot();
    expect(live.value, `state after ${event.type} on path "${path.description}"`).toEqual((step.state as { value: unknown }).value);
    if (compareContext) {
      expect(live.context, `context after ${event.type} on path "${path.description}"`).toEqual(
        (step.state as { context: unknown }).context,
      );
    }
  }
  const snapshot = actor.getSnapshot() as SnapshotFrom<TMachine>;
  const key = stateKey((snapshot as { value: unknown }).value);
  try {
    if (options.states) {
      const events = path.steps.map((s) => s.event).filter((e) => e.type !== 'xstate.init');
      const view: StateView<TMachine> = {
        snapshot,
        context: (snapshot as { context: SnapshotFrom<TMachine>['context'] }).context,
        env,
        path,
        events: events.map((e) => e.type),
        last: events.at(-1),
      };
      for (const part of expectationKeys(options.states, key)) await options.states[part]!(view);
    }
  } catch (error) {
    withPath(error, `${options.machine.id} path "${path.description}" (state "${key}")`);
  } finally {
    actor.stop();
  }
  return { env, snapshot };
}

export interface ModelReport {
  paths: number;
  snapshots: number;
  states: number;
  transitions: number;
  guards: number;
}

/**
 * Builds the model (bounded by `limit`), asserts full coverage of states, transitions and both outcomes
 * of every guard, replays every path against the per-state expectations, and logs the figures.
 * Several variants of one machine (say, with and without a stored bio, where a guard reads the world)
 * may be given: each is replayed against its own expectations and coverage is judged over all of them.
 */
export async function testModel<TMachine extends AnyStateMachine>(
  variants: ModelOptions<TMachine> | ModelOptions<TMachine>[],
): Promise<ModelReport> {
  const all = Array.isArray(variants) ? variants : [variants];
  const id = all[0]!.machine.id;
  const union: CoverageSets = { snapshots: 0, reached: new Set(), taken: new Set(), outcomes: new Set() };
  let pathCount = 0;
  for (const options of all) {
    if (!options.states) throw new Error(`${id}: testModel needs per-state expectations in options.states`);
    const sets = coverageSets(options);
    union.snapshots += sets.snapshots;
    for (const key of ['reached', 'taken', 'outcomes'] as const) for (const item of sets[key]) union[key].add(item);
    const paths = modelPaths(options);
    const reachedKeys = new Set(
      paths.flatMap((p) => {
        const key = stateKey((p.target as { value: unknown }).value);
        return [key, ...key.split(' + ')];
      }),
    );
    expect(Object.keys(options.states).filter((k) => !reachedKeys.has(k)), `${id}: expectations for states no path reaches`).toEqual([]);
    pathCount += paths.length;
  }
  const coverage = coverageOf(all[0]!.machine, union);
  expect(coverage.missingStates, `${id}: states the model never reaches`).toEqual([]);
  expect(coverage.missingTransitions, `${id}: transitions the model never takes`).toEqual([]);
  expect(coverage.missingGuardOutcomes, `${id}: guard outcomes the model never sees`).toEqual([]);
  for (const options of all) for (const path of modelPaths(options)) await replayPath(options, path);
  const report = {
    paths: pathCount,
    snapshots: coverage.snapshots,
    states: coverage.states,
    transitions: coverage.transitions,
    guards: coverage.guards,
  };
  console.log(
    `[model] ${id}: ${report.paths} paths over ${report.snapshots} snapshots; ${report.states} states, ` +
      `${report.transitions} transitions and ${report.guards} guards (both outcomes) covered`,
  );
  return report;
}

/** What a screen expectation is given: the mounted screen's handle and the model's path. */
export interface ScreenView<TMachine extends AnyStateMachine, TScreen> {
  screen: TScreen;
  path: ModelPath<TMachine>;
  /** The model's final snapshot (what was typed, which friend was added...), to know what to look for. */
  target: SnapshotFrom<TMachine>;
  events: ModelEvent[];
}

export interface ScreenModelOptions<TMachine extends AnyStateMachine, TScreen> {
  /** The machine behind the screen, the events a user (or the clock, or a service) can cause, and a limit. */
  model: Pick<ModelOptions<TMachine>, 'machine' | 'events' | 'input' | 'limit' | 'serializeState'>;
  /** Mounts a fresh screen for each path. */
  mount: () => TScreen | Promise<TScreen>;
  unmount: (screen: TScreen) => void | Promise<void>;
  /** How each model event happens on the screen: a real user event, a clock advance, a service settling. */
  act: Record<string, (screen: TScreen, event: ModelEvent) => Promise<void>>;
  /** What the screen shows in each state the path ends in, keyed like testModel's `states`. */
  states: Record<string, (view: ScreenView<TMachine, TScreen>) => void | Promise<void>>;
  /** 'snapshots' (default): the shortest path to each distinct snapshot; 'transitions': every path. */
  paths?: 'snapshots' | 'transitions';
}

/**
 * Drives a rendered screen along the model's paths, as @xstate/test did: each path mounts the screen,
 * turns every step into the user event (or clock tick) `act` gives for it, then checks the screen
 * against the expectation for the state the path ends in. Returns how many paths it drove.
 */
export async function testScreenModel<TMachine extends AnyStateMachine, TScreen>(options: ScreenModelOptions<TMachine, TScreen>): Promise<number> {
  const model = buildModel(options.model as ModelOptions<TMachine>);
  const paths = options.paths === 'transitions' ? model.paths : model.toSnapshots;
  const id = options.model.machine.id;
  const reachedKeys = new Set(paths.flatMap((p) => {
    const key = stateKey((p.target as { value: unknown }).value);
    return [key, ...key.split(' + ')];
  }));
  expect(Object.keys(options.states).filter((k) => !reachedKeys.has(k)), `${id} screen: expectations for states no path reaches`).toEqual([]);
  for (const path of paths) {
    const screen = await options.mount();
    const key = stateKey((path.target as { value: unknown }).value);
    try {
      const events = path.steps.map((s) => s.event as ModelEvent).filter((e) => e.type !== 'xstate.init');
      for (const event of events) {
        const act = options.act[event.type];
        if (!act) throw new Error(`no user action for event "${event.type}" in options.act`);
        await act(screen, event);
      }
      for (const part of expectationKeys(options.states, key)) await options.states[part]!({ screen, path, target: path.target, events });
    } catch (error) {
      withPath(error, `${id} screen path "${path.description}" (state "${key}")`);
    } finally {
      await options.unmount(screen);
    }
  }
  console.log(`[model] ${id} screen: ${paths.length} paths driven with user events`);
  return paths.length;
}
