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
  type EventFrom,
  type EventObject,
  type SnapshotFrom,
  type StateValue,
} from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { expect, it } from 'vitest';

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
//
// Events the machine makes for itself are named by the machine's own names, never by xstate's ids:
// `done('checkSession', output)` and `failed('signUp', error)` settle the invoke with that id,
// `after('navigateDelay')` lets the named delay run out in whichever active state waits on it. A test
// asks what a path's events were with `isDone('checkSession')`, `isFailed()`, `isSettled('signUp')`
// (either), `isAfter('navigateDelay')`, or `eventName(event)` ('done checkSession', 'after
// navigateDelay', 'SUBMIT') where an assertion should print it; `pathEvents(path)` lists them without the start.
//
// `paths: 'covering'` replays only a covering subset of the paths (picked greedily until every state
// node, transition, guard outcome and `states` entry the full model reaches is reached again, and
// the start and every transition end a path), for models with thousands of paths; the coverage check then runs on
// what is replayed.

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

// xstate's own event ids, known here only: tests name invokes and delays by the machine's names.
const DONE = 'xstate.done.actor.';
const FAILED = 'xstate.error.actor.';
const AFTER = 'xstate.after.';
const INIT = 'xstate.init';

/** The invoke with this id finishes with `output` (the model's version of its promise resolving). */
export function done<TOutput>(invokeId: string, ...output: [] | [TOutput]): { type: string; output?: TOutput } {
  return output.length === 0 ? { type: `${DONE}${invokeId}` } : { type: `${DONE}${invokeId}`, output: output[0] };
}

/** The invoke with this id fails with `error`. */
export function failed<TError>(invokeId: string, ...error: [] | [TError]): { type: string; error?: TError } {
  return error.length === 0 ? { type: `${FAILED}${invokeId}` } : { type: `${FAILED}${invokeId}`, error: error[0] };
}

/**
 * The named delay runs out. The model resolves it against the `after` transitions of the active state
 * nodes, so a test never names the state that waits (two regions waiting on one delay are two transitions).
 */
export function after(delay: string | number): { type: string } {
  return { type: `${AFTER}${delay}` };
}

type EventLike = string | { type: string } | undefined;

function typeOf(event: EventLike): string | undefined {
  return typeof event === 'string' ? event : event?.type;
}

/** Whether an event (or event type) is the invoke `invokeId` finishing, or any invoke when no id is given. */
export function isDone(invokeId?: string): (event: EventLike) => boolean {
  return (event) => {
    const type = typeOf(event);
    return type !== undefined && (invokeId === undefined ? type.startsWith(DONE) : type === `${DONE}${invokeId}`);
  };
}

/** Whether an event (or event type) is the invoke `invokeId` failing, or any invoke when no id is given. */
export function isFailed(invokeId?: string): (event: EventLike) => boolean {
  return (event) => {
    const type = typeOf(event);
    return type !== undefined && (invokeId === undefined ? type.startsWith(FAILED) : type === `${FAILED}${invokeId}`);
  };
}

/** Whether an event (or event type) is the invoke `invokeId` finishing or failing. */
export function isSettled(invokeId?: string): (event: EventLike) => boolean {
  return (event) => isDone(invokeId)(event) || isFailed(invokeId)(event);
}

/** The delay an `after` event waited on ('navigateDelay', or '500' for a numeric one), undefined for other events. */
function delayOf(event: EventLike): string | undefined {
  const type = typeOf(event);
  return type?.startsWith(AFTER) ? type.slice(AFTER.length).split('.')[0] : undefined;
}

/** Whether an event (or event type) is the named delay running out, or any delay when no name is given. */
export function isAfter(delay?: string | number): (event: EventLike) => boolean {
  return (event) => {
    const waited = delayOf(event);
    return waited !== undefined && (delay === undefined || waited === String(delay));
  };
}

/**
 * An event as a reader of the test knows it, for messages and assertions: 'done checkSession',
 * 'failed signUp', 'after navigateDelay', or the event's own type ('SUBMIT'); undefined for no event.
 */
export function eventName(event: EventLike): string | undefined {
  const type = typeOf(event);
  if (type === undefined) return undefined;
  if (type.startsWith(DONE)) return `done ${type.slice(DONE.length)}`;
  if (type.startsWith(FAILED)) return `failed ${type.slice(FAILED.length)}`;
  const delay = delayOf(type);
  return delay === undefined ? type : `after ${delay}`;
}

/** The events along a path, in order, without the machine's start. */
export function pathEvents(path: { steps: readonly { event: EventObject }[] }): ModelEvent[] {
  return path.steps.map((step) => step.event as ModelEvent).filter((event) => event.type !== INIT);
}

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
  /**
   * Which paths testModel replays: 'all' (default), one to each distinct snapshot and one through each
   * transition; or 'covering', a subset that still reaches every state node, transition, guard outcome
   * and `states` entry the full model reaches and ends once at the start and after each transition, for models with
   * thousands of paths. What it gives up: an expectation runs after each transition once, not in every
   * context the model found.
   */
  paths?: 'all' | 'covering';
  /**
   * Outcomes the test tells apart beyond states and transitions, named from a path (which way a game
   * ended, say, when that lies in an actor's output rather than in a state). With `paths: 'covering'`,
   * every outcome some path has is replayed at least once.
   */
  outcomes?: (path: ModelPath<TMachine>) => string[];
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

const stateNodeLists = new WeakMap<AnyStateMachine, AnyStateNode[]>();

/** Every state node of the machine, the root first, in document order. */
function allStateNodes(machine: AnyStateMachine): AnyStateNode[] {
  let nodes = stateNodeLists.get(machine);
  if (!nodes) {
    const below = (node: AnyStateNode): AnyStateNode[] => [node, ...Object.values(node.states).flatMap((child) => below(child as AnyStateNode))];
    nodes = below(machine.root);
    stateNodeLists.set(machine, nodes);
  }
  return nodes;
}

/** The state value that `snapshot.matches` takes for a node: ['chat', 'composer', 'cooling'] -> { chat: { composer: 'cooling' } }. */
function valueOf(path: readonly string[]): StateValue {
  return path.slice(0, -1).reduceRight<StateValue>((inner, key) => ({ [key]: inner }), path.at(-1)!);
}

const activeNodeLists = new WeakMap<object, AnyStateNode[]>();

/** The state nodes a snapshot is in, found through the public `matches` (the root is always active). */
function activeNodes(machine: AnyStateMachine, snapshot: AnyMachineSnapshot): AnyStateNode[] {
  let nodes = activeNodeLists.get(snapshot);
  if (!nodes) {
    nodes = allStateNodes(machine).filter((node) => node.path.length === 0 || snapshot.matches(valueOf(node.path)));
    activeNodeLists.set(snapshot, nodes);
  }
  return nodes;
}

function stringSources(machine: AnyStateMachine): Set<string> {
  const sources = new Set<string>();
  for (const node of allStateNodes(machine)) {
    for (const def of node.invoke) if (typeof def.src === 'string') sources.add(def.src);
  }
  return sources;
}

function describeEvent(event: EventObject, full: boolean): string {
  const { type, ...payload } = event as EventObject & Record<string, unknown>;
  // The full form keeps the state node a delay ran out in, so paths through two regions stay apart.
  const name = full ? type : eventName(type)!;
  if (Object.keys(payload).length === 0) return name;
  const json = JSON.stringify(payload);
  return `${name} ${full || json.length <= 160 ? json : `${json.slice(0, 160)}…`}`;
}

/** Names a path by its events and their payloads (cut short unless `full`, which keeps paths that differ only in data apart). */
function describePath(steps: { event: EventObject }[], target: { value: unknown }, full = false): string {
  const events = steps.filter((s) => s.event.type !== INIT).map((s) => describeEvent(s.event, full));
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
  return allStateNodes(machine).flatMap((node) =>
    [...node.transitions.values()].flatMap((candidates) =>
      (candidates as TransitionLike[]).flatMap((c, i) => (c.guard ? [guardKey(c, i)] : [])),
    ),
  );
}

/** Which guards `event` evaluates in `snapshot`, and to what, the way xstate selects transitions. */
function guardOutcomesOf(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, event: EventObject): string[] {
  const taken = new Set<unknown>(machine.getTransitionData(snapshot, event));
  const outcomes = new Set<string>();
  const atomic = activeNodes(machine, snapshot).filter((node) => node.type === 'atomic' || node.type === 'final');
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
  return [...outcomes];
}

/**
 * The events `event` stands for in a snapshot: itself when an active state node handles it; for
 * `after(delay)`, the delayed transition of each active node that waits on that delay; else none.
 */
function resolveEvent(nodes: AnyStateNode[], event: ModelEvent): ModelEvent[] {
  if (nodes.some((node) => node.transitions.has(event.type))) return [event];
  const delay = delayOf(event);
  if (delay === undefined || event.type !== `${AFTER}${delay}`) return [];
  const types = new Set(nodes.flatMap((node) => node.after.filter((t) => String(t.delay) === delay).map((t) => t.eventType)));
  return [...types].map((type) => ({ ...event, type }));
}

/** Fails at once on a `done`, `failed` or `after` that names nothing in the machine (a typo would only show as missed coverage). */
function checkNamesExist(machine: AnyStateMachine, event: ModelEvent): void {
  const nodes = allStateNodes(machine);
  const invokeIds = new Set(nodes.flatMap((node) => node.invoke.map((def) => def.id)));
  const delays = new Set(nodes.flatMap((node) => node.after.map((t) => String(t.delay))));
  const handled = nodes.some((node) => node.transitions.has(event.type));
  const delay = delayOf(event);
  if (handled) return;
  if (isDone()(event) || isFailed()(event)) {
    const id = event.type.slice((isDone()(event) ? DONE : FAILED).length);
    if (!invokeIds.has(id)) throw new Error(`${machine.id}: ${eventName(event)}: the machine invokes nothing with id "${id}" (it invokes ${[...invokeIds].join(', ') || 'nothing'})`);
  } else if (delay !== undefined && !delays.has(delay)) {
    throw new Error(`${machine.id}: after ${delay}: no state of the machine waits on that delay (they wait on ${[...delays].join(', ') || 'none'})`);
  }
}

type Step<TMachine extends AnyStateMachine> = ModelPath<TMachine>['steps'][number];

interface Model<TMachine extends AnyStateMachine> {
  paths: ModelPath<TMachine>[];
  /** The shortest path to each distinct snapshot. */
  toSnapshots: ModelPath<TMachine>[];
  snapshots: number;
  /** The guard outcomes each step's event met in the snapshot before it. */
  guardsAt: WeakMap<object, string[]>;
}

const models = new WeakMap<object, Model<AnyStateMachine>>();

/** Breadth-first search of the machine's snapshots; throws past `limit` distinct snapshots. */
function buildModel<TMachine extends AnyStateMachine>(options: ModelOptions<TMachine>): Model<TMachine> {
  const cached = models.get(options);
  if (cached) return cached as Model<TMachine>;
  const machine = options.machine as AnyStateMachine;
  const serialize = (options.serializeState ?? defaultSerialize) as (s: AnyMachineSnapshot) => string;
  const limit = options.limit ?? DEFAULT_LIMIT;

  const [initial] = initialTransition(machine, options.input);
  const shortest = new Map<string, Step<TMachine>[]>([[serialize(initial), [{ event: { type: INIT }, state: initial as SnapshotFrom<TMachine> }]]]);
  const queue: [string, AnyMachineSnapshot][] = [[serialize(initial), initial]];
  const edges: { from: string; step: Step<TMachine> }[] = [];
  const guardsAt = new WeakMap<object, string[]>();
  const checked = new Set<string>();
  const firstSteps = new Set<Step<TMachine>>();

  while (queue.length > 0) {
    const [key, snapshot] = queue.shift()!;
    if (snapshot.status !== 'active') continue;
    const nodes = activeNodes(machine, snapshot);
    const given = typeof options.events === 'function' ? options.events(snapshot as SnapshotFrom<TMachine>) : options.events;
    for (const asGiven of given) {
      if (!checked.has(asGiven.type)) {
        checkNamesExist(machine, asGiven);
        checked.add(asGiven.type);
      }
      // Only events some active state node handles are transitions; the rest would change nothing.
      for (const event of resolveEvent(nodes, asGiven)) {
        const [next] = transition(machine, snapshot, event);
        const step: Step<TMachine> = { event, state: next as SnapshotFrom<TMachine> };
        guardsAt.set(step, guardOutcomesOf(machine, snapshot, event));
        edges.push({ from: key, step });
        const nextKey = serialize(next);
        if (shortest.has(nextKey)) continue;
        const steps = [...shortest.get(key)!, step];
        shortest.set(nextKey, steps);
        firstSteps.add(step);
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
  }

  // Descriptions are written only when read (a failure, a log): a model may have tens of thousands of paths.
  const pathOf = (steps: Step<TMachine>[]): ModelPath<TMachine> => {
    const target = steps.at(-1)!.state;
    let description: string | undefined;
    return {
      steps,
      target,
      get description() {
        return (description ??= describePath(steps, target));
      },
    };
  };
  const toSnapshots = [...shortest.values()].map(pathOf);
  const paths = [...toSnapshots];
  const seen = new Set<string>();
  for (const { from, step } of edges) {
    // The step that first reached a snapshot already ends that snapshot's own path.
    if (firstSteps.has(step)) continue;
    const identity = `${from}\n${describeEvent(step.event, true)}`;
    if (seen.has(identity)) continue;
    seen.add(identity);
    paths.push(pathOf([...shortest.get(from)!, step]));
  }
  const model: Model<TMachine> = { paths, toSnapshots, snapshots: shortest.size, guardsAt };
  models.set(options, model as Model<AnyStateMachine>);
  return model;
}

/** The model's events as the machine takes them in a snapshot (each after(delay) resolved), for other path finders such as xstate/graph. */
function eventsIn<TMachine extends AnyStateMachine>(options: ModelOptions<TMachine>, snapshot: SnapshotFrom<TMachine>): ModelEvent[] {
  const given = typeof options.events === 'function' ? options.events(snapshot) : options.events;
  const nodes = activeNodes(options.machine, snapshot as AnyMachineSnapshot);
  return given.flatMap((event) => resolveEvent(nodes, event));
}

/** Every path the model has: one to each snapshot, and one through each transition. */
export function modelPaths<TMachine extends AnyStateMachine>(options: ModelOptions<TMachine>): ModelPath<TMachine>[] {
  return buildModel(options).paths;
}

// Coverage items ('state <node id>', 'transition <node id> on <event>', 'guard <outcome>', the ends a
// covering subset needs) as small numbers, so that covering tens of thousands of paths stays quick.
const itemIds = new Map<string, number>();
const itemNames: string[] = [];

function itemId(name: string): number {
  let id = itemIds.get(name);
  if (id === undefined) {
    id = itemNames.length;
    itemIds.set(name, id);
    itemNames.push(name);
  }
  return id;
}

const STATE_ITEM = 'state ';
const TRANSITION_ITEM = 'transition ';
const GUARD_ITEM = 'guard ';

/** The (state node, event) transitions an event meets in a snapshot: every active node that handles it. */
function transitionsMet(machine: AnyStateMachine, before: AnyMachineSnapshot, event: EventObject): string[] {
  return activeNodes(machine, before)
    .filter((node) => node.transitions.has(event.type))
    .map((node) => `${node.id} on ${event.type}`);
}

/** What a path covers up to and including a step. A step always follows the same shortest path, so this belongs to the step. */
const coveredUpTo = new WeakMap<object, number[]>();

/** What replaying a path covers: the state nodes it passes, the transitions it takes, the guard outcomes it meets. */
function pathCoverage<TMachine extends AnyStateMachine>(options: ModelOptions<TMachine>, path: ModelPath<TMachine>): number[] {
  const machine = options.machine as AnyStateMachine;
  const { guardsAt } = buildModel(options);
  let covered: number[] = [];
  path.steps.forEach((step, i) => {
    let upTo = coveredUpTo.get(step);
    if (!upTo) {
      const own = activeNodes(machine, step.state as AnyMachineSnapshot).map((node) => `${STATE_ITEM}${node.id}`);
      if (i > 0) {
        own.push(...transitionsMet(machine, path.steps[i - 1]!.state as AnyMachineSnapshot, step.event).map((t) => `${TRANSITION_ITEM}${t}`));
        own.push(...(guardsAt.get(step) ?? []).map((outcome) => `${GUARD_ITEM}${outcome}`));
      }
      upTo = [...new Set([...covered, ...own.map(itemId)])];
      coveredUpTo.set(step, upTo);
    }
    covered = upTo;
  });
  return covered;
}

/** The transitions the path's last step takes ((state node, event) pairs; none for the start). */
function lastTransitions<TMachine extends AnyStateMachine>(options: ModelOptions<TMachine>, path: ModelPath<TMachine>): string[] {
  if (path.steps.length < 2) return [];
  return transitionsMet(options.machine, path.steps.at(-2)!.state as AnyMachineSnapshot, path.steps.at(-1)!.event);
}

/** The state nodes, transitions and guard outcomes among coverage items. */
function coverageSets(items: Iterable<number>): CoverageItems {
  const sets: CoverageItems = { reached: new Set(), taken: new Set(), outcomes: new Set() };
  for (const item of items) {
    const name = itemNames[item]!;
    if (name.startsWith(STATE_ITEM)) sets.reached.add(name.slice(STATE_ITEM.length));
    else if (name.startsWith(TRANSITION_ITEM)) sets.taken.add(name.slice(TRANSITION_ITEM.length));
    else if (name.startsWith(GUARD_ITEM)) sets.outcomes.add(name.slice(GUARD_ITEM.length));
  }
  return sets;
}

interface CoverageItems {
  reached: Set<string>;
  taken: Set<string>;
  outcomes: Set<string>;
}

/** What the coverage sets miss of the machine's state nodes, transitions and guard outcomes. */
function coverageOf(machine: AnyStateMachine, sets: CoverageItems) {
  const nodes = allStateNodes(machine);
  const allTransitions = nodes.flatMap((node) => [...node.transitions.keys()].map((type) => `${node.id} on ${type}`));
  const guards = allGuards(machine);
  const allOutcomes = guards.flatMap((g) => [`${g} → true`, `${g} → false`]);
  return {
    states: nodes.length,
    transitions: allTransitions.length,
    guards: guards.length,
    missingStates: nodes.map((n) => n.id).filter((id) => !sets.reached.has(id)),
    missingTransitions: allTransitions.filter((t) => !sets.taken.has(t)),
    missingGuardOutcomes: allOutcomes.filter((o) => !sets.outcomes.has(o)),
  };
}

/** The `states` entries a path's end runs (throws when its state has none). */
function pathExpectations<TMachine extends AnyStateMachine>(options: ModelOptions<TMachine>, path: ModelPath<TMachine>): string[] {
  const key = stateKey((path.target as { value: unknown }).value);
  try {
    return expectationKeys(options.states ?? {}, key);
  } catch (error) {
    return withPath(error, `${options.machine.id} path "${path.description}" (state "${key}")`);
  }
}

interface Candidate<TMachine extends AnyStateMachine> {
  options: ModelOptions<TMachine>;
  path: ModelPath<TMachine>;
  /** Everything replaying the path covers, each item once. */
  items: number[];
}

/**
 * A subset of the candidates that covers every item some candidate covers, picked greedily: each
 * round takes the path adding the most items not yet covered (the shorter on a tie), until none adds any.
 */
function coveringSubset<TMachine extends AnyStateMachine>(candidates: Candidate<TMachine>[]): Candidate<TMachine>[] {
  const covered = new Uint8Array(itemNames.length);
  const chosen: Candidate<TMachine>[] = [];
  let left = candidates;
  for (;;) {
    let best: Candidate<TMachine> | undefined;
    let bestGain = 0;
    const useful: Candidate<TMachine>[] = [];
    for (const candidate of left) {
      let gain = 0;
      for (const item of candidate.items) if (covered[item] === 0) gain += 1;
      if (gain === 0) continue;
      useful.push(candidate);
      if (gain > bestGain || (gain === bestGain && candidate.path.steps.length < best!.path.steps.length)) [best, bestGain] = [candidate, gain];
    }
    if (!best) return chosen;
    chosen.push(best);
    for (const item of best.items) covered[item] = 1;
    left = useful.filter((candidate) => candidate !== best);
  }
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
  const machine = (options.machine as AnyStateMachine).provide({ ...provided, actors: { ...actors, ...(provided.actors ?? {}) } });
  const actor = createActor(machine, { clock: env.clock, input: options.input });
  actor.subscribe({ error: () => undefined });
  actor.start();
  await settle();

  const compareContext = options.compareContext ?? true;
  for (const step of path.steps) {
    const { event } = step;
    if (event.type === INIT) continue;
    const delayRef = delayOf(event);
    if (delayRef !== undefined) {
      const before = actor.getSnapshot();
      const ms = expectedDelayMs(options, delayRef, before as SnapshotFrom<TMachine>);
      if (ms > 0) {
        env.clock.increment(ms - 1);
        await settle();
        expect(actor.getSnapshot().value, `delay "${delayRef}" fired before ${ms} ms on path "${path.description}"`).toEqual(before.value);
        env.clock.increment(1);
      }
    } else if (isDone()(event) || isFailed()(event)) {
      const finished = isDone()(event);
      const id = event.type.slice((finished ? DONE : FAILED).length);
      const d = env.pending.get(id)?.at(-1);
      if (!d) throw new Error(`Path "${path.description}": no running actor "${id}" to settle`);
      if (finished) d.resolve((event as { output?: unknown }).output);
      else d.reject((event as { error?: unknown }).error);
    } else {
      actor.send(event);
    }
    await settle();
    const live = actor.getSnapshot();
    expect(live.value, `state after ${eventName(event)} on path "${path.description}"`).toEqual((step.state as { value: unknown }).value);
    if (compareContext) {
      expect(live.context, `context after ${eventName(event)} on path "${path.description}"`).toEqual(
        (step.state as { context: unknown }).context,
      );
    }
  }
  const snapshot = actor.getSnapshot() as SnapshotFrom<TMachine>;
  const key = stateKey((snapshot as { value: unknown }).value);
  try {
    if (options.states) {
      const events = pathEvents(path);
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
  /** Paths the model has (one to each snapshot, one through each transition). */
  paths: number;
  /** Paths replayed: all of them, or the covering subset. */
  replayed: number;
  snapshots: number;
  states: number;
  transitions: number;
  guards: number;
}

/** The state keys a path's end counts as reaching: its own, and each top-level region's. */
function reachedKeysOf(path: { target: unknown }): string[] {
  const key = stateKey((path.target as { value: unknown }).value);
  return [key, ...key.split(' + ')];
}

/**
 * Builds the model (bounded by `limit`), asserts full coverage of states, transitions and both outcomes
 * of every guard, replays the paths (every one, or a covering subset with `paths: 'covering'`) against
 * the per-state expectations, and logs the figures.
 * Several variants of one machine (say, with and without a stored bio, where a guard reads the world)
 * may be given: each is replayed against its own expectations and coverage is judged over all of them.
 */
export async function testModel<TMachine extends AnyStateMachine>(
  variants: ModelOptions<TMachine> | ModelOptions<TMachine>[],
): Promise<ModelReport> {
  const all = Array.isArray(variants) ? variants : [variants];
  const id = all[0]!.machine.id;
  const candidates: Candidate<TMachine>[] = [];
  const covering = all.some((options) => options.paths === 'covering');
  let snapshots = 0;
  for (const [variant, options] of all.entries()) {
    if (!options.states) throw new Error(`${id}: testModel needs per-state expectations in options.states`);
    snapshots += buildModel(options).snapshots;
    for (const path of modelPaths(options)) {
      // Every path's end needs an expectation, replayed or not.
      pathExpectations(options, path);
      const items = pathCoverage(options, path);
      const ends = covering
        ? [
            ...reachedKeysOf(path).map((key) => `variant ${variant} ends in ${key}`),
            // The start and each transition also end some replayed path, so the expectation after each runs.
            ...(path.steps.length === 1 ? [`variant ${variant} the start`] : []),
            ...lastTransitions(options, path).map((transition) => `variant ${variant} ends after ${transition}`),
            ...(options.outcomes?.(path) ?? []).map((outcome) => `variant ${variant} outcome ${outcome}`),
          ]
        : [];
      candidates.push({ options, path, items: [...items, ...ends.map(itemId)] });
    }
  }
  const replayed = covering ? coveringSubset(candidates) : candidates;

  const union = coverageSets(new Set(replayed.flatMap((candidate) => candidate.items)));
  for (const options of all) {
    const reachedKeys = new Set(replayed.filter((c) => c.options === options).flatMap((c) => reachedKeysOf(c.path)));
    expect(Object.keys(options.states!).filter((k) => !reachedKeys.has(k)), `${id}: expectations for states no path reaches`).toEqual([]);
  }
  const coverage = coverageOf(all[0]!.machine, union);
  expect(coverage.missingStates, `${id}: states the model never reaches`).toEqual([]);
  expect(coverage.missingTransitions, `${id}: transitions the model never takes`).toEqual([]);
  expect(coverage.missingGuardOutcomes, `${id}: guard outcomes the model never sees`).toEqual([]);
  for (const { options, path } of replayed) await replayPath(options, path);
  const report: ModelReport = {
    paths: candidates.length,
    replayed: replayed.length,
    snapshots,
    states: coverage.states,
    transitions: coverage.transitions,
    guards: coverage.guards,
  };
  const subset = report.replayed === report.paths ? '' : ` (${report.replayed} replayed, a covering subset)`;
  console.log(
    `[model] ${id}: ${report.paths} paths${subset} over ${report.snapshots} snapshots; ${report.states} states, ` +
      `${report.transitions} transitions and ${report.guards} guards (both outcomes) covered`,
  );
  return report;
}

/** The figures of a machine's shape a model test pins (any of them), so a change to the machine updates them on purpose. */
export type ModelFigures = { [K in keyof ModelReport]?: unknown };

/**
 * A machine's model test as one vitest case: `testModel` over `model` (one variant or several), then the
 * report must match `figures` (states, transitions, guards...: literals, or matchers such as `expect.any(Number)`).
 */
export function itCoversTheModel<TMachine extends AnyStateMachine>(
  should: string,
  model: ModelOptions<TMachine> | ModelOptions<TMachine>[],
  figures: ModelFigures,
  timeout?: number,
): void {
  it(should, async () => expect(await testModel(model)).toMatchObject(figures), timeout);
}

/**
 * The invoke `invokeId` ran once when the machine first started it, and once more for each event along
 * the path that starts it again: an event type ('RETRY') or a test on the event (`isAfter('refreshDelay')`).
 */
export function expectRanOncePlusOncePer(view: { env: ReplayEnv; events: string[] }, invokeId: string, again: string | ((event: string) => boolean)): void {
  const startsAgain = typeof again === 'string' ? (event: string) => event === again : again;
  expect(view.env.pending.get(invokeId), `how often "${invokeId}" ran`).toHaveLength(1 + view.events.filter(startsAgain).length);
}

/**
 * A second opinion on the model's search: every distinct snapshot (value and context) xstate/graph's
 * shortest paths reach over the model's events is the end of a path testModel replays, so the same checks
 * hold in each. Logs and returns how many xstate/graph found.
 */
export function expectEverySnapshotReplayed<TMachine extends AnyStateMachine>(model: ModelOptions<TMachine>, what: string): number {
  const replayed = new Set(
    modelPaths(model).map(({ target }) => JSON.stringify([(target as AnyMachineSnapshot).value, (target as AnyMachineSnapshot).context])),
  );
  const found = getShortestPaths(model.machine, { events: (snapshot) => eventsIn(model, snapshot as SnapshotFrom<TMachine>) as EventFrom<TMachine>[] });
  const missing = found.filter((path) => !replayed.has(JSON.stringify([path.state.value, path.state.context])));
  expect(missing.map((path) => JSON.stringify(path.state.value)), `${model.machine.id}: snapshots xstate/graph reaches that no replayed path ends in`).toEqual([]);
  console.log(`[model] ${model.machine.id}: ${found.length} distinct ${what}, all among the replayed paths`);
  return found.length;
}

/**
 * Expectations for every combination of the parallel regions of the state `parent`, keyed as testModel
 * keys them ('open.(talk.idle + leave.saving)'): `always` runs first, then each region's own entry.
 * `regions` lists the regions in the machine's order, each a table of its states' expectations.
 */
export function eachCombination<TView>(
  parent: string,
  regions: Record<string, Record<string, (view: TView) => void>>,
  always: (view: TView) => void,
): Record<string, (view: TView) => void> {
  let combinations: { value: Record<string, string>; checks: ((view: TView) => void)[] }[] = [{ value: {}, checks: [] }];
  for (const [region, table] of Object.entries(regions)) {
    combinations = combinations.flatMap(({ value, checks }) =>
      Object.entries(table).map(([state, check]) => ({ value: { ...value, [region]: state }, checks: [...checks, check] })),
    );
  }
  return Object.fromEntries(
    combinations.map(({ value, checks }) => [
      stateKey({ [parent]: value }),
      (view: TView) => {
        always(view);
        for (const check of checks) check(view);
      },
    ]),
  );
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
  /**
   * How each model event happens on the screen: a real user event, a clock advance, a service settling.
   * Keyed by event type; an invoke's end by `done(id).type` or `failed(id).type`, a delay by `after(name).type`.
   */
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
  const reachedKeys = new Set(paths.flatMap(reachedKeysOf));
  expect(Object.keys(options.states).filter((k) => !reachedKeys.has(k)), `${id} screen: expectations for states no path reaches`).toEqual([]);
  for (const path of paths) {
    const screen = await options.mount();
    const key = stateKey((path.target as { value: unknown }).value);
    try {
      const events = pathEvents(path);
      for (const event of events) {
        const delay = delayOf(event);
        const act = options.act[event.type] ?? (delay === undefined ? undefined : options.act[after(delay).type]);
        if (!act) throw new Error(`no user action for "${eventName(event)}" in options.act`);
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
