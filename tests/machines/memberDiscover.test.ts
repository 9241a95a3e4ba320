import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise, type EventObject } from 'xstate';
import type { DiscoverCardWire } from '../../src/domain/socialContract';
import { canBefriend, memberDiscoverMachine, type MemberDiscoverContext } from '../../src/features/discover/machines/memberDiscover.machine';
import { SocialError } from '../../src/shared/http/people';
import type { MemberDiscoverPage } from '../../src/features/discover/services/socialForSession';
import { testModel, type ReplayEnv, type StateView } from '../support/modelTest';

function card(id: string, username: string, kind: 'member' | 'sample', relation: DiscoverCardWire['relation'], score: number): DiscoverCardWire {
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
const firstPage: MemberDiscoverPage = {
  complete: true,
  cards: [card('m-2', 'nova', 'member', 'none', 90), card('m-3', 'juno', 'member', 'incoming', 80), card('m-4', 'orion', 'member', 'outgoing', 70), card('user-3', 'DeepDiver', 'sample', 'none', 70)],
  nextCursor: 'c-2',
  sampleFriendIds: [],
};
// The next page repeats orion (the ranking moved) and adds vega; there is nothing after it.
const secondPage: MemberDiscoverPage = { complete: true, cards: [card('m-4', 'orion', 'member', 'outgoing', 70), card('m-5', 'vega', 'member', 'none', 40)], nextCursor: null, sampleFriendIds: [] };
const incompletePage: MemberDiscoverPage = { complete: false, cards: [], nextCursor: null, sampleFriendIds: [] };

// Paging, searching, the community filter and failures to load.
const browsing = [
  { type: 'xstate.done.actor.loadPage', output: firstPage },
  { type: 'xstate.done.actor.loadPage', output: incompletePage },
  { type: 'xstate.error.actor.loadPage', error: new SocialError('SERVER', 'Something went wrong on the server. Please try again.') },
  { type: 'xstate.done.actor.loadMore', output: secondPage },
  { type: 'xstate.error.actor.loadMore', error: new SocialError('OFFLINE', 'You appear to be offline. Please check your connection and try again.') },
  { type: 'SEARCH', query: 'jazz' },
  { type: 'xstate.after.searchDelay.memberDiscover.waiting' },
  { type: 'COMMUNITY', community: 'UW' },
  { type: 'SHOW_MORE' },
  { type: 'GO_TO_PROFILE' },
  { type: 'RETRY' },
  { type: 'xstate.error.actor.followCommunity', error: new Error('gone') },
  // The live channel: the member's people changed, or it opened again; the first page is asked again.
  { type: 'live.received', frame: { type: 'people.changed' } },
  { type: 'live.status', status: 'open' },
  // Not changes: a heartbeat, the channel dropping.
  { type: 'live.received', frame: { type: 'heartbeat' } },
  { type: 'live.status', status: 'reconnecting' },
  { type: 'xstate.done.actor.refreshPage', output: firstPage },
  { type: 'xstate.done.actor.refreshPage', output: incompletePage },
  { type: 'xstate.error.actor.refreshPage', error: new SocialError('OFFLINE', 'You appear to be offline. Please check your connection and try again.') },
];

// Befriending on the first page: the server answers as it would for each person (nova gets a pending
// request; juno had asked, so asking back makes friends; a sample person is a friend at once).
const answerFor: Record<string, string> = { 'm-2': 'outgoing', 'm-3': 'friends', 'user-3': 'friends' };
function befriending(snapshot: { context: MemberDiscoverContext }) {
  const id = snapshot.context.sendingId;
  return [
    { type: 'xstate.done.actor.loadPage', output: firstPage },
    { type: 'ADD_FRIEND', userId: 'm-2' },
    { type: 'ADD_FRIEND', userId: 'm-3' },
    { type: 'ADD_FRIEND', userId: 'm-4' },
    { type: 'ADD_FRIEND', userId: 'user-3' },
    { type: 'ADD_FRIEND', userId: 'm-99' },
    ...(id ? [{ type: 'xstate.done.actor.befriend', output: { relation: answerFor[id] } }] : []),
    { type: 'xstate.error.actor.befriend', error: new SocialError('REQUEST_EXISTS', 'A friend request is already waiting.') },
    { type: 'DISMISS_NOTICE' },
  ];
}

const LOAD_FAILED = 'Something went wrong on the server. Please try again.';
const MORE_FAILED = 'You appear to be offline. Please check your connection and try again.';
const REQUEST_EXISTS = 'A friend request is already waiting.';

type Step = { event: EventObject & { [key: string]: unknown }; state: { value: unknown; matches: (v: never) => boolean } };
const sending = (state: Step['state']) => JSON.stringify(state.value) === '{"ready":"sending"}';

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
  let refreshes = 0;
  for (const { event, state } of steps) {
    const type = event.type;
    const at = JSON.stringify(state.value);
    // A change the live channel told: a load under way or a profile gate asks again; a shown page ranks again.
    const frameType = (event.frame as { type?: string } | undefined)?.type;
    if ((type === 'live.received' && frameType === 'people.changed') || (type === 'live.status' && event.status === 'open')) {
      if (at === '"loading"') loads += 1;
      if (at === '{"ready":"refreshing"}') refreshes += 1;
    }
    if (type === 'xstate.done.actor.refreshPage') {
      const page = event.output as MemberDiscoverPage;
      order = page.complete ? page.cards.map((c) => c.id) : [];
      relations = page.complete ? Object.fromEntries(page.cards.map((c) => [c.id, c.relation])) : {};
      cursor = page.complete ? page.nextCursor : null;
      if (page.complete) sampleFriends = [];
    }
    if (type === 'SEARCH') query = 'jazz';
    if (type === 'COMMUNITY' && community !== 'UW') {
      community = 'UW';
      loads += 1;
    }
    if (type === 'RETRY' || type === 'xstate.after.searchDelay.memberDiscover.waiting') loads += 1;
    if (type === 'xstate.done.actor.loadPage') {
      const page = event.output as MemberDiscoverPage;
      order = page.cards.map((c) => c.id);
      relations = Object.fromEntries(page.cards.map((c) => [c.id, c.relation]));
      cursor = page.nextCursor;
      sampleFriends = [];
    }
    if (type === 'xstate.done.actor.loadMore') {
      order = [...order, 'm-5'];
      relations['m-5'] = 'none';
      cursor = null;
    }
    if (type === 'ADD_FRIEND' && sending(state)) {
      asking = event.userId as string;
      error = null;
    }
    if (type === 'xstate.done.actor.befriend') {
      const relation = (event.output as { relation: string }).relation;
      if (asking === 'user-3') sampleFriends = ['user-3'];
      else relations[asking!] = relation;
      const names: Record<string, string> = { 'm-2': 'nova', 'm-3': 'juno', 'user-3': 'DeepDiver' };
      if (relation === 'friends') notice = `You're now friends with ${names[asking!]}!`;
      asking = null;
    }
    if (type === 'xstate.error.actor.befriend') {
      asking = null;
      error = REQUEST_EXISTS;
    }
    if (type === 'SHOW_MORE' && JSON.stringify(state.value) === '{"ready":"loadingMore"}') error = null;
    if (type === 'xstate.error.actor.loadMore') error = MORE_FAILED;
    if (type === 'xstate.error.actor.loadPage') error = LOAD_FAILED;
    if (type === 'DISMISS_NOTICE') notice = null;
    // A new first page (search, community, retry) forgets a card's failure.
    if (JSON.stringify(state.value) === '"loading"') error = null;
    if (type === 'xstate.done.actor.loadPage' && !(event.output as MemberDiscoverPage).complete) {
      order = [];
      cursor = null;
    }
  }
  return { community, query, relations, order, cursor, sampleFriends, asking, notice, error, loads, refreshes };
}

function expectSeen(env: ReplayEnv, context: MemberDiscoverContext, steps: readonly Step[], events: string[]) {
  const seen = oracle(steps);
  expect(context.community).toBe(seen.community);
  expect(context.query).toBe(seen.query);
  expect(context.cards.map((c) => c.id)).toEqual(seen.order);
  expect(Object.fromEntries(context.cards.map((c) => [c.id, c.relation]))).toEqual(seen.relations);
  expect(context.nextCursor).toBe(seen.cursor);
  expect(context.sampleFriendIds).toEqual(seen.sampleFriends);
  expect(context.sendingId).toBe(seen.asking);
  expect(context.notice).toBe(seen.notice);
  expect(env.pending.get('loadPage')).toHaveLength(seen.loads);
  expect(env.pending.get('refreshPage') ?? []).toHaveLength(seen.refreshes);
  // Only Go to Profile navigates; every finished Add Friend tells the app's requests to refresh; a header
  // that stops answering is only logged (the page stays as it is).
  const effectOf: Record<string, { type: string; payload?: string }> = {
    GO_TO_PROFILE: { type: 'navigate', payload: '/profile' },
    'xstate.done.actor.befriend': { type: 'peopleChanged' },
    'xstate.error.actor.followCommunity': { type: 'log', payload: 'follow failed' },
    'xstate.error.actor.refreshPage': { type: 'log', payload: 'refresh failed' },
  };
  expect(env.effects).toEqual(events.flatMap((e) => (effectOf[e] ? [effectOf[e]] : [])));
  return seen;
}

describe('member discover machine (model-based)', () => {
  it('pages, searches after a pause, filters by community, asks members, accepts, and befriends sample people at once', async () => {
    const provide = (env: ReplayEnv) => ({
      actions: {
        goToProfile: () => env.record('navigate', '/profile'),
        peopleChanged: () => env.record('peopleChanged'),
        logFollowFailure: () => env.record('log', 'follow failed'),
        logRefreshFailure: () => env.record('log', 'refresh failed'),
      },
    });
    const states: Record<string, (view: StateView<typeof memberDiscoverMachine>) => void> = {
        loading: ({ env, context, path, events }) => {
          const seen = expectSeen(env, context, path.steps, events);
          expect(env.pending.get('loadPage')?.at(-1)?.input).toEqual({ community: seen.community, query: seen.query, cursor: null });
          expect(context.error).toBeNull();
        },
        waiting: ({ env, context, path, events }) => {
          expectSeen(env, context, path.steps, events);
          expect(context.query).toBe('jazz');
        },
        incomplete: ({ env, context, path, events }) => {
          expectSeen(env, context, path.steps, events);
          expect(context.cards).toEqual([]);
        },
        failed: ({ env, context, path, events }) => {
          expectSeen(env, context, path.steps, events);
          expect(context.error).toBe(LOAD_FAILED);
        },
        'ready.idle': ({ env, context, path, events }) => {
          const seen = expectSeen(env, context, path.steps, events);
          expect(context.error).toBe(seen.error);
        },
        'ready.sending': ({ env, context, path, events }) => {
          const seen = expectSeen(env, context, path.steps, events);
          const kinds: Record<string, string> = { 'm-2': 'member', 'm-3': 'member', 'user-3': 'sample' };
          expect(env.pending.get('befriend')?.at(-1)?.input).toEqual({ id: seen.asking, kind: kinds[seen.asking!] });
          expect(context.error).toBeNull();
        },
        // Ranking again while the cards stay in view, for the same search and community.
        'ready.refreshing': ({ env, context, path, events }) => {
          const seen = expectSeen(env, context, path.steps, events);
          expect(env.pending.get('refreshPage')?.at(-1)?.input).toEqual({ community: seen.community, query: seen.query, cursor: null });
          expect(context.cards.length).toBeGreaterThan(0);
        },
        'ready.loadingMore': ({ env, context, path, events }) => {
          const seen = expectSeen(env, context, path.steps, events);
          expect(env.pending.get('loadMore')?.at(-1)?.input).toEqual({ community: seen.community, query: seen.query, cursor: 'c-2' });
          expect(context.error).toBeNull();
        },
    };
    const { 'ready.sending': _sending, ...withoutSending } = states;
    const report = await testModel([
      { machine: memberDiscoverMachine, limit: 400, events: browsing, delays: { searchDelay: 300 }, provide, states: withoutSending },
      { machine: memberDiscoverMachine, limit: 400, events: befriending, provide, states: { loading: states.loading!, 'ready.idle': states['ready.idle']!, 'ready.sending': states['ready.sending']! } },
    ]);
    expect(report).toMatchObject({ states: 10, transitions: 25, guards: 13 });
  }, 120_000);
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

describe('member discover machine (the header community)', () => {
  it('logs a community follower that fails, and keeps the page', () => {
    const failure = new Error('no header');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const machine = memberDiscoverMachine.provide({
      actors: {
        followCommunity: fromCallback(() => {
          throw failure;
        }),
        loadPage: fromPromise(() => new Promise<MemberDiscoverPage>(() => undefined)),
      },
    });
    const actor = createActor(machine).start();
    expect(logged).toHaveBeenCalledWith('Following the header community failed', failure);
    expect(actor.getSnapshot().status).toBe('active');
    actor.stop();
  });
});

describe('member discover machine (a request arriving)', () => {
  it('ranks again when someone sends the member a request, so their card offers Accept instead of Add Friend', async () => {
    const before: MemberDiscoverPage = { complete: true, cards: [card('m-2', 'nova', 'member', 'none', 90)], nextCursor: null, sampleFriendIds: [] };
    const after: MemberDiscoverPage = { complete: true, cards: [card('m-2', 'nova', 'member', 'incoming', 90)], nextCursor: null, sampleFriendIds: [] };
    // The refresh asks for the first page again through the same loader.
    const asked: unknown[] = [];
    const machine = memberDiscoverMachine.provide({
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
