import {
  createActor,
  fromPromise,
  SimulatedClock,
  type AnyActorRef,
  type AnyStateMachine,
  type AnyStateNode,
  type EventObject,
  type SnapshotFrom,
} from 'xstate';
import { getAdjacencyMap, getShortestPaths, type StatePath } from 'xstate/graph';
import { expect } from 'vitest';

// Model-based testing over real machines (DESIGN.md "Model-based tests"):
// 1. xstate/graph lists every reachable snapshot and every transition out of it for the given events
//    (UI events plus synthetic `xstate.after.*`, `xstate.done.actor.*`, `xstate.error.actor.*`).
// 2. Each path (shortest path to a state, then one more transition, for every transition) is replayed on
//    a real actor with a SimulatedClock: `after` steps advance the clock, done/error steps settle the
//    deferred promise behind that invoke, other events are sent.
// 3. After every step the live snapshot must equal the model's; `check` then asserts observable effects.

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

/** What a replay can see and what its check can assert against. */
export interface ReplayEnv {
  clock: SimulatedClock;
  /** Deferred promises by invoke id, in the order the actor started them. */
  pending: Map<string, Deferred[]>;
  /** Anything the provided implementations record (navigations, writes...). */
  effects: { type: string; payload?: unknown }[];
  record: (type: string, payload?: unknown) => void;
}

/** An event the model may send: a type plus any payload (output, error, field values...). */
export type ModelEvent = { type: string; [key: string]: unknown };

export interface ModelOptions<TMachine extends AnyStateMachine> {
  machine: TMachine;
  events: ModelEvent[] | ((snapshot: SnapshotFrom<TMachine>) => ModelEvent[]);
  input?: unknown;
  /** How the model tells snapshots apart (default: value + context). */
  serializeState?: (snapshot: SnapshotFrom<TMachine>) => string;
  /** Implementations for each replay: spies for actions, fakes for non-promise actors. */
  provide?: (env: ReplayEnv) => Parameters<TMachine['provide']>[0];
  /** Upper bound on the states a traversal may visit: xstate/graph throws past it, so a model cannot grow unnoticed. */
  limit?: number;
  /** Compare context too (default true); turn off when context holds live values like timestamps. */
  compareContext?: boolean;
  /** Runs before the replay (seed storage, reset mocks). */
  setup?: (env: ReplayEnv) => void;
  /** Observable effects of the path's final state. */
  check?: (args: { env: ReplayEnv; snapshot: SnapshotFrom<TMachine>; path: ModelPath<TMachine> }) => void | Promise<void>;
}

export interface ModelPath<TMachine extends AnyStateMachine> {
  description: string;
  target: SnapshotFrom<TMachine>;
  steps: { event: EventObject; state: SnapshotFrom<TMachine> }[];
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

function describeValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function describeEvent(event: EventObject): string {
  const { type, ...payload } = event as EventObject & Record<string, unknown>;
  return Object.keys(payload).length === 0 ? type : `${type} ${JSON.stringify(payload)}`;
}

/** Names a path by its events and their payloads, so paths that differ only in data stay distinct. */
function describePath(steps: { event: EventObject }[], target: { value: unknown }): string {
  const events = steps.filter((s) => s.event.type !== 'xstate.init').map((s) => describeEvent(s.event));
  return `${events.length ? events.join(' → ') : '(start)'} ⇒ ${describeValue(target.value)}`;
}

const defaultSerialize = (snapshot: { value: unknown; context: unknown }) =>
  JSON.stringify({ value: snapshot.value, context: snapshot.context });

/** Every path the model has: one to each state, and one through each transition. */
export function modelPaths<TMachine extends AnyStateMachine>(options: ModelOptions<TMachine>): ModelPath<TMachine>[] {
  const serializeState = (options.serializeState ?? defaultSerialize) as (s: unknown) => string;
  // xstate/graph's option types are tied to each machine's own types; this helper is generic over them.
  const traversal = {
    events: options.events,
    input: options.input,
    serializeState: (s: unknown) => serializeState(s),
    ...(options.limit === undefined ? {} : { limit: options.limit }),
  } as never;
  const shortest = getShortestPaths(options.machine as AnyStateMachine, traversal) as unknown as StatePath<SnapshotFrom<TMachine>, EventObject>[];
  const toState = new Map<string, StatePath<SnapshotFrom<TMachine>, EventObject>>();
  for (const path of shortest) toState.set(serializeState(path.state), path);

  const adjacency = getAdjacencyMap(options.machine as AnyStateMachine, traversal) as Record<
    string,
    { state: unknown; transitions: Record<string, { event: EventObject; state: unknown }> }
  >;
  const paths: ModelPath<TMachine>[] = [];
  const seen = new Set<string>();
  const add = (steps: ModelPath<TMachine>['steps'], target: SnapshotFrom<TMachine>) => {
    const description = describePath(steps, target as { value: unknown });
    if (seen.has(description)) return;
    seen.add(description);
    paths.push({ description, steps, target });
  };
  for (const path of shortest) add(path.steps as ModelPath<TMachine>['steps'], path.state);
  for (const [stateKey, entry] of Object.entries(adjacency)) {
    const prefix = toState.get(stateKey);
    if (!prefix) continue;
    const nodes = (entry.state as unknown as { _nodes: AnyStateNode[]; status: string });
    if (nodes.status !== 'active') continue;
    for (const { event, state } of Object.values(entry.transitions)) {
      // The adjacency map lists every event in every state; only events some active node handles are transitions.
      if (!nodes._nodes.some((node) => node.transitions.has(event.type))) continue;
      const next = state as SnapshotFrom<TMachine>;
      add([...(prefix.steps as ModelPath<TMachine>['steps']), { event, state: next }], next);
    }
  }
  return paths;
}

/** Which state nodes and which (state node, event) transitions the model reaches. */
export function modelCoverage<TMachine extends AnyStateMachine>(options: ModelOptions<TMachine>) {
  const paths = modelPaths(options);
  const reached = new Set<string>();
  const taken = new Set<string>();
  for (const path of paths) {
    for (const step of [{ state: path.target, event: { type: '' } }, ...path.steps]) {
      for (const node of (step.state as unknown as { _nodes: AnyStateNode[] })._nodes) reached.add(node.id);
    }
    path.steps.forEach((step, i) => {
      const before = i === 0 ? null : path.steps[i - 1]!.state;
      if (!before) return;
      for (const node of (before as unknown as { _nodes: AnyStateNode[] })._nodes) {
        if (node.transitions.has(step.event.type)) taken.add(`${node.id} on ${step.event.type}`);
      }
    });
  }
  const allNodes = allStateNodes(options.machine.root).map((n) => n.id);
  const allTransitions = allStateNodes(options.machine.root).flatMap((node) =>
    [...node.transitions.keys()].map((type) => `${node.id} on ${type}`),
  );
  return {
    paths: paths.length,
    missingStates: allNodes.filter((id) => !reached.has(id)),
    missingTransitions: allTransitions.filter((t) => !taken.has(t)),
    states: allNodes.length,
    transitions: allTransitions.length,
  };
}

function delayMs(machine: AnyStateMachine, delayRef: string, snapshot: { context: unknown }): number {
  const asNumber = Number(delayRef);
  if (Number.isFinite(asNumber)) return asNumber;
  const delay = (machine.implementations.delays as Record<string, unknown>)[delayRef];
  if (typeof delay === 'number') return delay;
  if (typeof delay === 'function') return Number(delay({ context: snapshot.context, event: { type: 'xstate.init' } }));
  throw new Error(`Unknown delay "${delayRef}" in ${machine.id}`);
}

/** Lets settled promises reach the actor: microtasks only, so thousands of paths stay fast. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
}

/** Replays one path on a live actor and returns it, its env and its final snapshot. */
export async function replayPath<TMachine extends AnyStateMachine>(options: ModelOptions<TMachine>, path: ModelPath<TMachine>) {
  const env: ReplayEnv = {
    clock: new SimulatedClock(),
    pending: new Map(),
    effects: [],
    record: (type, payload) => env.effects.push({ type, payload }),
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
      env.clock.increment(delayMs(options.machine, delayRef, actor.getSnapshot()));
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
  await options.check?.({ env, snapshot, path });
  actor.stop();
  return { env, snapshot };
}

/** Replays every path and asserts full state and transition coverage; logs the figures. */
export async function runModel<TMachine extends AnyStateMachine>(options: ModelOptions<TMachine>): Promise<number> {
  const coverage = modelCoverage(options);
  expect(coverage.missingStates, `${options.machine.id}: states the model never reaches`).toEqual([]);
  expect(coverage.missingTransitions, `${options.machine.id}: transitions the model never takes`).toEqual([]);
  const paths = modelPaths(options);
  for (const path of paths) await replayPath(options, path);
  console.log(
    `[model] ${options.machine.id}: ${paths.length} paths replayed, ${coverage.states} states and ${coverage.transitions} transitions covered`,
  );
  return paths.length;
}
