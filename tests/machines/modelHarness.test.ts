import { assign, fromPromise, setup, stateIn } from 'xstate';
import { describe, expect, it } from 'vitest';
import { after, done, expectEverySnapshotReplayed, failed, isAfter, isDone, isFailed, pathEvents, testModel, type ModelEvent, type ModelOptions } from '../support/modelTest';

// The model-test harness itself (tests/support/modelTest.ts), on small machines written here: the
// builders name invokes and delays by the machine's own names, and the coverage check fails when the
// model misses a state, a transition, a guard outcome or an expectation, whichever paths are replayed.

/** A door that opens only once a key was fetched, and closes by itself a second after it opened. */
function doorMachine({ afterLostKey }: { afterLostKey: 'closed' | 'open' }) {
  return setup({
    types: {
      context: {} as { locked: boolean; opened: number },
      events: {} as { type: 'OPEN' } | { type: 'FETCH_KEY' },
    },
    actors: { fetchKey: fromPromise<string>(() => Promise.resolve('brass key')) },
    guards: { unlocked: ({ context }) => !context.locked },
    delays: { closeDelay: 1000 },
  }).createMachine({
    id: 'door',
    context: { locked: true, opened: 0 },
    initial: 'closed',
    states: {
      closed: {
        on: {
          OPEN: { guard: 'unlocked', target: 'open', actions: assign({ opened: ({ context }) => Math.min(context.opened + 1, 2) }) },
          FETCH_KEY: 'fetching',
        },
      },
      fetching: {
        invoke: {
          id: 'keyFetch',
          src: 'fetchKey',
          onDone: { target: 'closed', actions: assign({ locked: false }) },
          onError: afterLostKey,
        },
      },
      open: { after: { closeDelay: 'closed' } },
    },
  });
}

type Door = ReturnType<typeof doorMachine>;

const doorEvents: ModelEvent[] = [{ type: 'OPEN' }, { type: 'FETCH_KEY' }, done('keyFetch', 'brass key'), failed('keyFetch', new Error('lost')), after('closeDelay')];

function doorModel(overrides: Partial<ModelOptions<Door>> = {}): ModelOptions<Door> {
  return {
    machine: doorMachine({ afterLostKey: 'closed' }),
    events: doorEvents,
    limit: 20,
    delays: { closeDelay: 1000 },
    states: {
      // Locked until a fetched key came back; a lost key leaves it as it was.
      closed: ({ context, events }) => expect(context.locked).toBe(!events.some(isDone('keyFetch'))),
      fetching: ({ last }) => expect(last?.type).toBe('FETCH_KEY'),
      // It opens only once a key came back.
      open: ({ events, last }) => {
        expect(events.some(isDone('keyFetch'))).toBe(true);
        expect(last?.type).toBe('OPEN');
      },
    },
    ...overrides,
  };
}

describe('model-test builders', () => {
  it('name invokes and delays by the machine’s names, and the predicates read them back from a path', async () => {
    const seen: string[][] = [];
    const report = await testModel(
      doorModel({
        states: {
          ...doorModel().states,
          closed: (view) => {
            const events = pathEvents(view.path);
            seen.push(events.map((e) => [isDone('keyFetch'), isFailed('keyFetch'), isAfter('closeDelay')].findIndex((is) => is(e)).toString()));
            expect(view.context.locked).toBe(!events.some(isDone('keyFetch')));
          },
        },
      }),
    );
    expect(report.transitions).toBe(5);
    // A path through the key, the door and its delay, told apart by name only.
    expect(seen).toContainEqual(['-1', '1']);
    expect(seen).toContainEqual(['-1', '0', '-1', '2']);
  });

  it('fails at once on an invoke id or a delay the machine does not have', async () => {
    await expect(testModel(doorModel({ events: [...doorEvents, done('keyFetcher', 'brass key')] }))).rejects.toThrow(
      'door: done keyFetcher: the machine invokes nothing with id "keyFetcher" (it invokes keyFetch)',
    );
    await expect(testModel(doorModel({ events: [...doorEvents, after('shutDelay')] }))).rejects.toThrow(
      'door: after shutDelay: no state of the machine waits on that delay (they wait on closeDelay)',
    );
  });

  it('checks a delay against the contract’s length: fired too early, or not yet when it should have', async () => {
    await expect(testModel(doorModel({ delays: { closeDelay: 1500 } }))).rejects.toThrow('delay "closeDelay" fired before 1500 ms');
    await expect(testModel(doorModel({ delays: { closeDelay: 800 } }))).rejects.toThrow('state after after closeDelay');
  });

  it('resolves one named delay in whichever parallel region waits on it', async () => {
    // The right blinker is switched on only once the left one went off, so one region waits at a time.
    const blinkers = setup({ delays: { blink: 300 }, guards: { leftIsOff: stateIn({ left: 'off' }) } }).createMachine({
      id: 'blinkers',
      type: 'parallel',
      states: {
        left: { initial: 'on', states: { on: { after: { blink: 'off' } }, off: {} } },
        right: {
          initial: 'off',
          states: { off: { on: { TURN_ON: { guard: 'leftIsOff', target: 'on' } } }, on: { after: { blink: 'off' } } },
        },
      },
    });
    const report = await testModel({
      machine: blinkers,
      events: [after('blink'), { type: 'TURN_ON' }],
      delays: { blink: 300 },
      states: {
        'left.on': ({ events }) => expect(events.some(isAfter('blink'))).toBe(false),
        'left.off': ({ events }) => expect(events.some(isAfter('blink'))).toBe(true),
        'right.off': () => undefined,
        'right.on': ({ last }) => expect(last?.type).toBe('TURN_ON'),
      },
    });
    expect(report.transitions).toBe(3);
    expect(report.snapshots).toBe(3);
  });
});

describe('model-test coverage', () => {
  it('replays a covering subset when asked, fewer paths than all', async () => {
    const all = await testModel(doorModel());
    const covering = await testModel(doorModel({ paths: 'covering' }));
    expect(all.replayed).toBe(all.paths);
    expect(covering.paths).toBe(all.paths);
    expect(covering.replayed).toBeLessThan(all.paths);
    expect(covering.replayed).toBeGreaterThan(0);
  });

  it('ends a replayed path after every transition when replaying a covering subset, so the expectation after it runs', async () => {
    const ended = new Set<string>();
    const nameOf = (event: ModelEvent | undefined) =>
      isDone('keyFetch')(event) ? 'done keyFetch' : isFailed('keyFetch')(event) ? 'failed keyFetch' : isAfter('closeDelay')(event) ? 'after closeDelay' : (event?.type ?? 'start');
    const record = (state: string) => (view: { last: ModelEvent | undefined }) => void ended.add(`${nameOf(view.last)} ⇒ ${state}`);
    await testModel(doorModel({ paths: 'covering', states: { closed: record('closed'), fetching: record('fetching'), open: record('open') } }));
    expect([...ended].sort()).toEqual(
      ['start ⇒ closed', 'OPEN ⇒ closed', 'OPEN ⇒ open', 'FETCH_KEY ⇒ fetching', 'done keyFetch ⇒ closed', 'failed keyFetch ⇒ closed', 'after closeDelay ⇒ closed'].sort(),
    );
  });

  it('replays every outcome the test names among a covering subset, where states and transitions alone leave some out', async () => {
    // How often the door has opened (up to 2) lies in context only: no state or transition tells it.
    const openedCounts = async (overrides: Partial<ModelOptions<Door>>) => {
      const seen = new Set<number>();
      const record = ({ context }: { context: { opened: number } }) => void seen.add(context.opened);
      await testModel(doorModel({ paths: 'covering', states: { closed: record, fetching: record, open: record }, ...overrides }));
      return [...seen].sort();
    };
    expect(await openedCounts({})).not.toEqual([0, 1, 2]);
    expect(await openedCounts({ outcomes: (path) => [`opened ${path.target.context.opened}`] })).toEqual([0, 1, 2]);
  });

  it('finds every snapshot xstate/graph finds among the replayed paths, and fails on one a coarse serializeState merges away', () => {
    // The door's search tells snapshots apart by value and context: 10 of them, as xstate/graph finds too.
    expect(expectEverySnapshotReplayed(doorModel(), 'door snapshots')).toBe(10);
    // Keyed by value alone, the search keeps 3 snapshots and loses those that differ only in context.
    const coarse = doorModel({ serializeState: (snapshot) => JSON.stringify(snapshot.value) });
    expect(() => expectEverySnapshotReplayed(coarse, 'door snapshots')).toThrow('door: snapshots xstate/graph reaches that no replayed path ends in');
  });

  for (const paths of ['all', 'covering'] as const) {
    describe(`replaying ${paths} paths`, () => {
      it('fails on a transition the model never takes', async () => {
        const events = doorEvents.filter((e) => !isFailed('keyFetch')(e));
        await expect(testModel(doorModel({ paths, events }))).rejects.toThrow('door: transitions the model never takes');
      });

      it('fails on a guard outcome the model never sees', async () => {
        // OPEN only once unlocked: the guard is never seen refusing.
        const model = doorModel({ paths, events: ({ context }) => doorEvents.filter((e) => e.type !== 'OPEN' || !context.locked) });
        await expect(testModel(model)).rejects.toThrow('door: guard outcomes the model never sees');
      });

      it('fails on a state the model never reaches', async () => {
        const events = doorEvents.filter((e) => e.type !== 'FETCH_KEY');
        const states = { closed: () => undefined };
        await expect(testModel(doorModel({ paths, events, states }))).rejects.toThrow('door: states the model never reaches');
      });

      it('fails on a reached state without an expectation, and on an expectation no path reaches', async () => {
        const { open: _open, ...withoutOpen } = doorModel().states!;
        await expect(testModel(doorModel({ paths, states: withoutOpen }))).rejects.toThrow('no expectation for state "open" in options.states');
        const extra = { ...doorModel().states, jammed: () => undefined };
        await expect(testModel(doorModel({ paths, states: extra }))).rejects.toThrow('door: expectations for states no path reaches');
      });

      it('fails when a transition breaks a rule the expectation after it states', async () => {
        // A lost key opens the door: every state and transition is still reached, but the door is open without a key.
        const broken = doorModel({ paths, machine: doorMachine({ afterLostKey: 'open' }) });
        await expect(testModel(broken)).rejects.toThrow(/^door path ".*failed keyFetch \{"error":\{\}\} ⇒ open" \(state "open"\)/);
      });
    });
  }
});
