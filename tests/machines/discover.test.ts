import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import type { BefriendAnswer, DiscoverPage, DiscoverPageQuery } from '../../src/domain/discover';
import type { DiscoverCard } from '../../src/domain/socialContract';
import { communityMachine, followCommunityOf } from '../../src/features/discover/machines/community.machine';
import { canBefriend, discoverMachine, type DiscoverContext } from '../../src/features/discover/machines/discover.machine';
import { SocialError } from '../../src/shared/http/people';
import { after, done, failed, isDone, isFailed, testModel, type ReplayEnv, type StateView } from '../support/modelTest';
import { callbackThrowing } from '../support/failingActors';

// The one Discover machine, whoever looks: pages from a source (a guest's device or a member's server),
// search after a pause, the header's community, Show more, live refresh, and befriending (a member asked,
// one who asked first accepted, a sample person a friend at once).

function card(id: string, username: string, kind: 'member' | 'sample', relation: DiscoverCard['relation'], score: number): DiscoverCard {
  return {
    id,
    kind,
    name: username,
    username,
    avatar: username.slice(0, 2).toUpperCase(),
    profilePicture: '',
    bio: 'Jazz, Celeste',
    mutualFriends: 0,
    communities: ['UW'],
    similarityScore: score,
    shared: ['Jazz'],
    sharedByCategory: { music: ['Jazz'], games: [], shows: [] },
    relation,
  };
}

// nova has not been asked, juno asked first, orion was already asked; DeepDiver is a sample person.
const firstPage: DiscoverPage = {
  complete: true,
  cards: [card('m-2', 'nova', 'member', 'none', 90), card('m-3', 'juno', 'member', 'incoming', 80), card('m-4', 'orion', 'member', 'outgoing', 70), card('user-3', 'DeepDiver', 'sample', 'none', 70)],
  nextCursor: 'c-2',
  sampleFriendIds: [],
};
// The next page repeats orion (the ranking moved) and adds vega; there is nothing after it.
const secondPage: DiscoverPage = { complete: true, cards: [card('m-4', 'orion', 'member', 'outgoing', 70), card('m-5', 'vega', 'member', 'none', 40)], nextCursor: null, sampleFriendIds: [] };
// What a search finds: one page, with DeepDiver befriended meanwhile on this device.
const searchedPage: DiscoverPage = { complete: true, cards: [card('m-3', 'juno', 'member', 'incoming', 80)], nextCursor: null, sampleFriendIds: ['user-3'] };
const incompletePage: DiscoverPage = { complete: false, cards: [], nextCursor: null, sampleFriendIds: [] };

const SERVER_DOWN = new SocialError('SERVER', 'Something went wrong on the server. Please try again.');
const OFFLINE = new SocialError('OFFLINE', 'You appear to be offline. Please check your connection and try again.');

// Paging, searching, the community filter, the live channel and failures to load.
const browsing = [
  done('loadPage', firstPage),
  done('loadPage', incompletePage),
  failed('loadPage', SERVER_DOWN),
  done('searchPage', searchedPage),
  done('searchPage', incompletePage),
  failed('searchPage', SERVER_DOWN),
  done('loadMore', secondPage),
  failed('loadMore', OFFLINE),
  { type: 'SEARCH', query: 'jazz' },
  after('searchDelay'),
  { type: 'COMMUNITY', community: 'UW' },
  { type: 'SHOW_MORE' },
  { type: 'GO_TO_PROFILE' },
  { type: 'RETRY' },
  failed('followCommunity', new Error('gone')),
  // This device's profile was written (the member's profile arriving from the server, another tab's edit).
  { type: 'PROFILE_CHANGED' },
  failed('watchProfile', new Error('no storage')),
  // The live channel: the member's people changed, or it opened again; the first page is asked again.
  { type: 'live.received', frame: { type: 'people.changed' } },
  { type: 'live.status', status: 'open' },
  // Not changes: a heartbeat, the channel dropping.
  { type: 'live.received', frame: { type: 'heartbeat' } },
  { type: 'live.status', status: 'reconnecting' },
  done('refreshPage', firstPage),
  done('refreshPage', incompletePage),
  failed('refreshPage', OFFLINE),
];

// Befriending on the first page: the source answers as it would for each person (nova gets a pending
// request; juno had asked, so asking back makes friends; a sample person is a friend at once, or was one
// already when another tab got there first).
const answersFor: Record<string, object[]> = {
  'm-2': [{ relation: 'outgoing' }],
  'm-3': [{ relation: 'friends' }],
  'user-3': [{ relation: 'friends' }, { relation: 'friends', alreadyFriends: true }],
};
function befriending(snapshot: { context: DiscoverContext }) {
  const id = snapshot.context.sendingId;
  return [
    done('loadPage', firstPage),
    { type: 'ADD_FRIEND', userId: 'm-2' },
    { type: 'ADD_FRIEND', userId: 'm-3' },
    { type: 'ADD_FRIEND', userId: 'm-4' },
    { type: 'ADD_FRIEND', userId: 'user-3' },
    { type: 'ADD_FRIEND', userId: 'm-99' },
    ...(id ? answersFor[id]!.map((output) => done('befriend', output)) : []),
    failed('befriend', new SocialError('REQUEST_EXISTS', 'A friend request is already waiting.')),
    failed('befriend', new Error('disk')),
    { type: 'DISMISS_NOTICE' },
    // The ranking asked again while a person presses Add Friend, or heard changed while an add is on its way.
    { type: 'live.received', frame: { type: 'people.changed' } },
    { type: 'live.status', status: 'open' },
    { type: 'live.received', frame: { type: 'heartbeat' } },
    { type: 'live.status', status: 'reconnecting' },
    done('refreshPage', firstPage),
  ];
}

const LOAD_FAILED = 'Something went wrong on the server. Please try again.';
const MORE_FAILED = 'You appear to be offline. Please check your connection and try again.';
const REQUEST_EXISTS = 'A friend request is already waiting.';
// The texts when the source gave no reason: a sample person is added, a member is sent a request.
const ADD_FAILED = 'Could not add this friend. Please try again.';
const REQUEST_FAILED = 'Could not send this friend request. Please try again.';
const NAMES: Record<string, string> = { 'm-2': 'nova', 'm-3': 'juno', 'user-3': 'DeepDiver' };

type Step = { event: EventObject & { [key: string]: unknown }; state: { value: unknown } };
const at = (state: Step['state']) => JSON.stringify(state.value);
const LOADING = '"loading"';
const SEARCHING = '{"ready":"searching"}';
const REFRESHING = '{"ready":"refreshing"}';
const SENDING = '{"ready":"sending"}';
const IDLE = '{"ready":"idle"}';

function isLiveChange(event: Step['event']): boolean {
  const frameType = (event.frame as { type?: string } | undefined)?.type;
  return (event.type === 'live.received' && frameType === 'people.changed') || (event.type === 'live.status' && event.status === 'open');
}

/** What a person sees after the path, worked out from the fixtures and the contract's rules. */
function oracle(steps: readonly Step[]) {
  let community = 'All Communities';
  let query = '';
  let relations: Record<string, string> = {};
  let order: string[] = [];
  let cursor: string | null = null;
  let sampleFriends: string[] = [];
  let asking: string | null = null;
  let notice: string | null = null;
  let error: string | null = null;
  let loads = 1;
  let searches = 0;
  let refreshes = 0;
  // An add that cut a ranking short, or heard a change on its way, ranks again once answered.
  let rankAgain = false;
  const settledWrong: string[] = [];
  let before = LOADING;
  const showPage = (page: DiscoverPage) => {
    order = page.cards.map((c) => c.id);
    relations = Object.fromEntries(page.cards.map((c) => [c.id, c.relation]));
    cursor = page.nextCursor;
    sampleFriends = [...page.sampleFriendIds];
  };
  // The first step is the machine's start, which changes nothing here.
  for (const { event, state } of steps.slice(1)) {
    const type = event.type;
    const now = at(state);
    const communityChanged = type === 'COMMUNITY' && community !== event.community;
    // A state is entered anew when reached from another, or when a change asks its page again.
    const entered = (value: string) => now === value && (before !== value || isLiveChange(event) || communityChanged);
    if (entered(LOADING)) loads += 1;
    if (entered(SEARCHING)) searches += 1;
    if (entered(REFRESHING)) refreshes += 1;
    if (entered(LOADING) || entered(SEARCHING)) error = null;
    if (type === 'ADD_FRIEND' && before === REFRESHING && now === SENDING) rankAgain = true;
    if (before === SENDING && now === SENDING && isLiveChange(event)) rankAgain = true;
    if (before === SENDING && (isDone('befriend')(type) || isFailed('befriend')(type))) {
      const expected = rankAgain ? REFRESHING : IDLE;
      if (now !== expected) settledWrong.push(`${type} settled in ${now}, not ${expected}`);
    }
    if (entered(LOADING) || entered(SEARCHING) || entered(REFRESHING)) rankAgain = false;

    if (type === 'SEARCH') {
      query = event.query as string;
      asking = null;
    }
    if (communityChanged) {
      community = event.community as string;
      asking = null;
    }
    if (isDone('loadPage')(type) || isDone('searchPage')(type) || isDone('refreshPage')(type)) {
      const page = event.output as DiscoverPage;
      if (page.complete) showPage(page);
      else {
        order = [];
        relations = {};
        cursor = null;
      }
    }
    if (isDone('loadMore')(type)) {
      order = [...order, 'm-5'];
      relations['m-5'] = 'none';
      cursor = null;
    }
    if (type === 'ADD_FRIEND' && now === SENDING) {
      asking = event.userId as string;
      error = null;
      notice = null;
    }
    if (isDone('befriend')(type)) {
      const { relation, alreadyFriends } = event.output as { relation: string; alreadyFriends?: boolean };
      if (asking === 'user-3') sampleFriends = [...sampleFriends, 'user-3'];
      else relations[asking!] = relation;
      if (relation === 'friends' && !alreadyFriends) notice = `You're now friends with ${NAMES[asking!]}!`;
      asking = null;
    }
    if (isFailed('befriend')(type)) {
      error = event.error instanceof SocialError ? REQUEST_EXISTS : asking === 'user-3' ? ADD_FAILED : REQUEST_FAILED;
      asking = null;
    }
    if (type === 'SHOW_MORE' && now === '{"ready":"loadingMore"}') error = null;
    if (isFailed('loadMore')(type)) error = MORE_FAILED;
    if (isFailed('loadPage')(type) || isFailed('searchPage')(type)) error = LOAD_FAILED;
    if (type === 'DISMISS_NOTICE') notice = null;
    before = now;
  }
  return { community, query, relations, order, cursor, sampleFriends, asking, notice, error, loads, searches, refreshes, settledWrong };
}

function expectSeen(env: ReplayEnv, context: DiscoverContext, steps: readonly Step[], events: string[]) {
  const seen = oracle(steps);
  expect(context.community).toBe(seen.community);
  expect(context.query).toBe(seen.query);
  expect(context.cards.map((c) => c.id)).toEqual(seen.order);
  expect(Object.fromEntries(context.cards.map((c) => [c.id, c.relation]))).toEqual(seen.relations);
  expect(context.nextCursor).toBe(seen.cursor);
  expect(context.sampleFriendIds).toEqual(seen.sampleFriends);
  expect(context.sendingId).toBe(seen.asking);
  expect(context.notice).toBe(seen.notice);
  expect(context.error).toBe(seen.error);
  expect(env.pending.get('loadPage')).toHaveLength(seen.loads);
  expect(env.pending.get('searchPage') ?? []).toHaveLength(seen.searches);
  expect(env.pending.get('refreshPage') ?? []).toHaveLength(seen.refreshes);
  expect(seen.settledWrong).toEqual([]);
  // Only Go to Profile navigates; every finished Add Friend tells the app's requests to refresh; a header
  // that stops answering, or a refresh that fails, is only logged (the page stays as it is).
  const effectOf: Record<string, { type: string; payload?: string }> = {
    GO_TO_PROFILE: { type: 'navigate', payload: '/profile' },
    [done('befriend').type]: { type: 'peopleChanged' },
    [failed('followCommunity').type]: { type: 'log', payload: 'follow failed' },
    [failed('watchProfile').type]: { type: 'log', payload: 'profile watch failed' },
    [failed('refreshPage').type]: { type: 'log', payload: 'refresh failed' },
  };
  expect(env.effects).toEqual(events.flatMap((e) => (effectOf[e] ? [effectOf[e]] : [])));
  return seen;
}

describe('discover machine (model-based)', () => {
  it('pages, searches after a pause with the cards in view, filters by community, ranks again on live changes, asks members, accepts, and befriends sample people at once', async () => {
    const provide = (env: ReplayEnv) => ({
      actions: {
        goToProfile: () => env.record('navigate', '/profile'),
        peopleChanged: () => env.record('peopleChanged'),
        logFollowFailure: () => env.record('log', 'follow failed'),
        logProfileWatchFailure: () => env.record('log', 'profile watch failed'),
        logRefreshFailure: () => env.record('log', 'refresh failed'),
      },
    });
    const firstPageAsked = (env: ReplayEnv, id: string, seen: { community: string; query: string }) =>
      expect(env.pending.get(id)?.at(-1)?.input).toEqual({ community: seen.community, query: seen.query, cursor: null });
    const states: Record<string, (view: StateView<typeof discoverMachine>) => void> = {
      loading: ({ env, context, path, events }) => firstPageAsked(env, 'loadPage', expectSeen(env, context, path.steps, events)),
      waiting: ({ env, context, path, events }) => {
        expectSeen(env, context, path.steps, events);
        expect(context.query).toBe('jazz');
      },
      incomplete: ({ env, context, path, events }) => {
        expectSeen(env, context, path.steps, events);
        expect(context.cards).toEqual([]);
        // The gate listens for profile writes each time it shows.
        const shown = path.steps.filter((step, i) => at(step.state) === '"incomplete"' && (i === 0 || at(path.steps[i - 1]!.state) !== '"incomplete"'));
        expect(env.pending.get('watchProfile')).toHaveLength(shown.length);
      },
      failed: ({ env, context, path, events }) => {
        expectSeen(env, context, path.steps, events);
        expect(context.error).toBe(LOAD_FAILED);
      },
      'ready.idle': ({ env, context, path, events }) => {
        expectSeen(env, context, path.steps, events);
      },
      // A search typed over the list: the cards stay in view until the pause is over and the new page is in.
      'ready.waiting': ({ env, context, path, events }) => {
        expectSeen(env, context, path.steps, events);
        expect(context.query).toBe('jazz');
        expect(context.cards.length).toBeGreaterThan(0);
      },
      'ready.searching': ({ env, context, path, events }) => {
        firstPageAsked(env, 'searchPage', expectSeen(env, context, path.steps, events));
        expect(context.cards.length).toBeGreaterThan(0);
      },
      'ready.sending': ({ env, context, path, events }) => {
        const seen = expectSeen(env, context, path.steps, events);
        const kinds: Record<string, string> = { 'm-2': 'member', 'm-3': 'member', 'user-3': 'sample' };
        expect(env.pending.get('befriend')?.at(-1)?.input).toEqual({ id: seen.asking, kind: kinds[seen.asking!] });
      },
      // Ranking again while the cards stay in view, for the same search and community.
      'ready.refreshing': ({ env, context, path, events }) => {
        firstPageAsked(env, 'refreshPage', expectSeen(env, context, path.steps, events));
        expect(context.cards.length).toBeGreaterThan(0);
      },
      'ready.loadingMore': ({ env, context, path, events }) => {
        const seen = expectSeen(env, context, path.steps, events);
        expect(env.pending.get('loadMore')?.at(-1)?.input).toEqual({ community: seen.community, query: seen.query, cursor: 'c-2' });
      },
    };
    const { 'ready.sending': _sending, ...withoutSending } = states;
    const report = await testModel([
      { machine: discoverMachine, limit: 2000, events: browsing, delays: { searchDelay: 300 }, provide, states: withoutSending },
      {
        machine: discoverMachine,
        limit: 400,
        events: befriending,
        provide,
        states: { loading: states.loading!, 'ready.idle': states['ready.idle']!, 'ready.sending': states['ready.sending']!, 'ready.refreshing': states['ready.refreshing']! },
      },
    ]);
    expect(report).toMatchObject({ states: 12, transitions: 37, guards: 20 });
  }, 240_000);
});

describe('canBefriend (the card button)', () => {
  it('is live for a member not asked yet or who asked first, and for a sample person not yet a friend', () => {
    expect(canBefriend(card('m-2', 'nova', 'member', 'none', 90), [])).toBe(true);
    expect(canBefriend(card('m-3', 'juno', 'member', 'incoming', 80), [])).toBe(true);
    expect(canBefriend(card('m-4', 'orion', 'member', 'outgoing', 70), [])).toBe(false);
    expect(canBefriend(card('m-5', 'vega', 'member', 'friends', 40), [])).toBe(false);
    expect(canBefriend(card('user-3', 'DeepDiver', 'sample', 'none', 70), [])).toBe(true);
    expect(canBefriend(card('user-3', 'DeepDiver', 'sample', 'none', 70), ['user-3'])).toBe(false);
  });
});

describe('discover machine (the header community)', () => {
  const never = () => fromPromise<DiscoverPage, DiscoverPageQuery>(() => new Promise<DiscoverPage>(() => undefined));

  it("filters by the header's community: the one chosen when it starts and each one chosen after", () => {
    const header = createActor(communityMachine).start();
    header.send({ type: 'SELECT', community: 'Microsoft' });
    const actor = createActor(discoverMachine.provide({ actors: { followCommunity: followCommunityOf(header), loadPage: never() } })).start();
    expect(actor.getSnapshot().context.community).toBe('Microsoft');
    header.send({ type: 'SELECT', community: 'UW' });
    expect(actor.getSnapshot().context.community).toBe('UW');
    actor.stop();
    header.send({ type: 'SELECT', community: 'Seattle' });
    expect(actor.getSnapshot().context.community).toBe('UW');
  });

  it('logs a community follower that fails, and keeps the page', () => {
    const failure = new Error('no header');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const machine = discoverMachine.provide({
      actors: {
        followCommunity: callbackThrowing(failure),
        loadPage: never(),
      },
    });
    const actor = createActor(machine).start();
    expect(logged).toHaveBeenCalledWith('Following the header community failed', failure);
    expect(actor.getSnapshot().status).toBe('active');
    actor.stop();
    logged.mockRestore();
  });
});

describe('discover machine (the profile gate)', () => {
  it("lifts 'Complete Your Profile' as soon as this device's profile is written, with no live change needed", async () => {
    const page: DiscoverPage = { complete: true, cards: [card('m-2', 'nova', 'member', 'none', 90)], nextCursor: null, sampleFriendIds: [] };
    let profileComplete = false;
    let profileWritten: () => void = () => undefined;
    const machine = discoverMachine.provide({
      actors: {
        followCommunity: fromCallback(() => undefined),
        loadPage: fromPromise(() => Promise.resolve(profileComplete ? page : { complete: false, cards: [], nextCursor: null, sampleFriendIds: [] })),
        watchProfile: fromCallback(({ sendBack }) => {
          profileWritten = () => sendBack({ type: 'PROFILE_CHANGED' });
        }),
      },
    });
    const actor = createActor(machine).start();
    await vi.waitFor(() => expect(actor.getSnapshot().value).toBe('incomplete'));

    // The member's page fills this device's profile from the server a moment after the gate showed.
    profileComplete = true;
    profileWritten();
    await vi.waitFor(() => expect(actor.getSnapshot().context.cards.map((c) => c.username)).toEqual(['nova']));
    actor.stop();
  });
});

describe('discover machine (a request arriving)', () => {
  it('ranks again when someone sends the member a request, so their card offers Accept instead of Add Friend', async () => {
    const before: DiscoverPage = { complete: true, cards: [card('m-2', 'nova', 'member', 'none', 90)], nextCursor: null, sampleFriendIds: [] };
    const after: DiscoverPage = { complete: true, cards: [card('m-2', 'nova', 'member', 'incoming', 90)], nextCursor: null, sampleFriendIds: [] };
    // The refresh asks for the first page again through the same loader.
    const asked: unknown[] = [];
    const machine = discoverMachine.provide({
      actors: {
        followCommunity: fromCallback(() => undefined),
        loadPage: fromPromise(({ input }) => {
          asked.push(input);
          return Promise.resolve(asked.length === 1 ? before : after);
        }),
      },
    });
    const actor = createActor(machine).start();
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true));

    actor.send({ type: 'live.received', frame: { type: 'friendRequest', from: { id: 'm-2', username: 'nova' } } });
    await vi.waitFor(() => expect(actor.getSnapshot().context.cards.map((c) => c.relation)).toEqual(['incoming']));
    expect(asked).toHaveLength(2);
    expect(asked[1]).toEqual(asked[0]);
    actor.stop();
  });
});

describe('discover machine (Add Friend while the ranking is asked again)', () => {
  const nova = (relation: DiscoverCard['relation']): DiscoverPage => ({ complete: true, cards: [card('m-2', 'nova', 'member', relation, 90)], nextCursor: null, sampleFriendIds: [] });

  /** Discover whose page reads and adds wait until the test answers them, in the order asked. */
  function discoverWithHeldAnswers() {
    const pageReads: ((page: DiscoverPage) => void)[] = [];
    const adds: ((answer: BefriendAnswer) => void)[] = [];
    const machine = discoverMachine.provide({
      actors: {
        followCommunity: fromCallback(() => undefined),
        loadPage: fromPromise(() => new Promise<DiscoverPage>((resolve) => pageReads.push(resolve))),
        befriend: fromPromise(() => new Promise<BefriendAnswer>((resolve) => adds.push(resolve))),
      },
    });
    return { actor: createActor(machine).start(), pageReads, adds };
  }

  it('sends a press made during a background ranking at once, then ranks again after the answer', async () => {
    const { actor, pageReads, adds } = discoverWithHeldAnswers();
    pageReads[0]!(nova('none'));
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true));

    // A live change starts a ranking just as the person presses Add Friend on nova's card.
    actor.send({ type: 'live.received', frame: { type: 'people.changed' } });
    expect(pageReads).toHaveLength(2);
    actor.send({ type: 'ADD_FRIEND', userId: 'm-2' });
    await vi.waitFor(() => expect(adds).toHaveLength(1));
    expect(actor.getSnapshot().context.sendingId).toBe('m-2');

    adds[0]!({ relation: 'outgoing' });
    await vi.waitFor(() => expect(pageReads).toHaveLength(3));
    pageReads[2]!(nova('outgoing'));
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true));
    expect(actor.getSnapshot().context.cards.map((c) => c.relation)).toEqual(['outgoing']);
    actor.stop();
  });

  it('ranks again after the answer when a change is heard while an add is on its way, and only then', async () => {
    const { actor, pageReads, adds } = discoverWithHeldAnswers();
    pageReads[0]!(nova('none'));
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true));

    // A quiet add: answered, and nothing asked again.
    actor.send({ type: 'ADD_FRIEND', userId: 'm-2' });
    await vi.waitFor(() => expect(adds).toHaveLength(1));
    adds[0]!({ relation: 'outgoing' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.sendingId).toBeNull());
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
    expect(pageReads).toHaveLength(1);

    // nova asked meanwhile from her side; the member's people changed while the next add was on its way.
    actor.send({ type: 'live.received', frame: { type: 'people.changed' } });
    pageReads[1]!(nova('incoming'));
    await vi.waitFor(() => expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true));
    actor.send({ type: 'ADD_FRIEND', userId: 'm-2' });
    await vi.waitFor(() => expect(adds).toHaveLength(2));
    actor.send({ type: 'live.received', frame: { type: 'people.changed' } });
    expect(pageReads).toHaveLength(2);
    adds[1]!({ relation: 'friends' });
    await vi.waitFor(() => expect(pageReads).toHaveLength(3));
    actor.stop();
  });
});
