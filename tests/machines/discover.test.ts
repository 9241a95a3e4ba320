import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import { communityMachine, followCommunityOf } from '../../src/features/discover/machines/community.machine';
import { similarityCandidates } from '../../src/domain/discover';
import { discoverMachine, type DiscoverContext, type DiscoverData } from '../../src/features/discover/machines/discover.machine';
import { AppError } from '../../src/domain/errors';
import { emptyProfile, type Profile } from '../../src/domain/profile';
import type { User } from '../../src/domain/user';
import { testModel, type ReplayEnv } from '../support/modelTest';

const complete: Profile = { ...emptyProfile(), username: 'me', hobbies: 'climbing', musicGenres: ['Metal'] };
const users: User[] = [
  { id: 'user-1', username: 'RiffLord', email: 'r@example.com', interests: ['Metal'], personality: 'Loud.', communities: ['Seattle'] },
  { id: 'user-2', username: 'PixelPoet', email: 'p@example.com', interests: ['Indie'], personality: 'Calm.', communities: ['UW'] },
];
const completeData: DiscoverData = { profile: complete, users, friendIds: ['user-2'] };
const incompleteData: DiscoverData = { profile: { ...complete, hobbies: '' }, users, friendIds: [] };

const RIFF_BREAKDOWN = {
  music: { points: 40, items: ['Metal'] },
  games: { points: 48, items: ['Elden Ring'] },
  shows: { points: 0, items: [] },
  hobbies: { points: 0, items: [] },
};

// A variable, not an inline literal: testModel takes plain EventObjects and the payloads ride along.
const events = [
  { type: 'xstate.done.actor.loadDiscover', output: completeData },
  { type: 'xstate.done.actor.loadDiscover', output: incompleteData },
  { type: 'xstate.error.actor.loadDiscover', error: new AppError('STORAGE_FULL') },
  { type: 'xstate.done.actor.scoreUsers', output: { scores: { RiffLord: 88, PixelPoet: 20 }, breakdowns: { RiffLord: RIFF_BREAKDOWN } } },
  { type: 'xstate.error.actor.scoreUsers', error: new Error('unexpected') },
  { type: 'ADD_FRIEND', userId: 'user-1' },
  { type: 'ADD_FRIEND', userId: 'user-2' },
  { type: 'ADD_FRIEND', userId: 'user-99' },
  { type: 'xstate.done.actor.addFriend', output: { added: true } },
  { type: 'xstate.done.actor.addFriend', output: { added: false } },
  { type: 'xstate.error.actor.addFriend', error: new Error('disk') },
  { type: 'DISMISS_NOTICE' },
  { type: 'SEARCH', query: 'metal' },
  { type: 'COMMUNITY', community: 'UW' },
  { type: 'xstate.error.actor.followCommunity', error: new Error('gone') },
  { type: 'GO_TO_PROFILE' },
  { type: 'RETRY' },
];

const STORAGE_FULL =
  'Your browser storage is full, so this change could not be saved. Free some space (for example Settings → Clear App Data) and try again.';
const ADD_FAILED = 'Could not add this friend. Please try again.';

// Nothing navigates except Go to Profile, at once, each time it is pressed.
function expectNavigations(env: ReplayEnv, events: string[]) {
  expect(env.timeline.filter((e) => e.type === 'navigate')).toEqual(
    events.filter((e) => e === 'GO_TO_PROFILE').map(() => ({ type: 'navigate', payload: '/profile', at: 0 })),
  );
}

const FRIENDS_NOW = "You're now friends with RiffLord!";
type Steps = { event: { type: string; output?: unknown } }[];
/** docs/product.md's "now friends" text shows after an add that linked them, until dismissed or the next add starts. */
function expectedNotice(steps: Steps): string | null {
  const last = steps.findLast((s) => ['xstate.done.actor.addFriend', 'xstate.error.actor.addFriend', 'DISMISS_NOTICE'].includes(s.event.type));
  return last?.event.type === 'xstate.done.actor.addFriend' && (last.event.output as { added: boolean }).added ? FRIENDS_NOW : null;
}

// Until the list is shown, the only effect is a log line each time following the header failed.
function expectOnlyFollowLogs(env: ReplayEnv, events: string[]) {
  const failures = events.filter((e) => e === 'xstate.error.actor.followCommunity');
  expect(env.timeline).toEqual(failures.map(() => ({ type: 'log', payload: 'follow failed', at: 0 })));
}

// Once loaded: only RiffLord (user-1) can be added — PixelPoet (user-2) is already a friend and user-99 does not
// exist — so no service call names anyone else and no friend appears twice.
function expectReady(env: ReplayEnv, context: DiscoverContext, events: string[]) {
  expectNavigations(env, events);
  for (const d of env.pending.get('addFriend') ?? []) expect(d.input).toEqual({ friendId: 'user-1' });
  expect(new Set(context.friendIds).size).toBe(context.friendIds.length);
  expect(['user-1', 'user-2']).toEqual(expect.arrayContaining(context.friendIds));
  expect(context.scores).toEqual(events.includes('xstate.done.actor.scoreUsers') ? { RiffLord: 88, PixelPoet: 20 } : {});
  expect(context.breakdowns).toEqual(events.includes('xstate.done.actor.scoreUsers') ? { RiffLord: RIFF_BREAKDOWN } : {});
  expect(env.pending.get('scoreUsers')?.map((d) => d.input)).toEqual([{ profile: complete, users }]);
}

describe('discover machine (model-based)', () => {
  it('reaches every state and transition; navigation and the "now friends" notice happen exactly where they should', async () => {
    const report = await testModel({
      machine: discoverMachine,
      limit: 40,
      // Search text and community only filter the rendered list; leaving them out of a state's identity
      // keeps the model small while SEARCH and COMMUNITY are still taken from every state.
      serializeState: (s) => JSON.stringify({ value: s.value, context: { ...s.context, query: undefined, community: undefined } }),
      events,
      provide: (env) => ({
        actions: {
          goToProfile: () => env.record('navigate', '/profile'),
          // A header that stops answering leaves the list as it was; the failure is only logged.
          logFollowFailure: () => env.record('log', 'follow failed'),
        },
      }),
      states: {
        loading: ({ env, context, events }) => {
          expect(env.pending.get('loadDiscover')).toHaveLength(1 + events.filter((e) => e === 'RETRY').length);
          expect(context.error).toBeNull();
          expectOnlyFollowLogs(env, events);
        },
        // The 'Complete Your Profile' prompt: no scoring is asked for an incomplete profile.
        incomplete: ({ env, context, events }) => {
          expect(context.profile).toEqual(incompleteData.profile);
          expect(env.pending.get('scoreUsers')).toBeUndefined();
          expectNavigations(env, events);
          expect(context.notice).toBeNull();
        },
        scoring: ({ env, context }) => {
          expect(env.pending.get('scoreUsers')?.map((d) => d.input)).toEqual([{ profile: complete, users }]);
          expect(context.friendIds).toEqual(['user-2']);
        },
        failed: ({ env, context, events }) => {
          expect(context.error).toBe(STORAGE_FULL);
          expectOnlyFollowLogs(env, events);
        },
        'ready.idle': ({ env, context, events, path }) => {
          expectReady(env, context, events);
          expect(context.addingId).toBeNull();
          // A failed add is explained until the next add finishes; a refused click changes nothing.
          const lastAdd = events.findLast((e) => e.startsWith('xstate.done.actor.addFriend') || e.startsWith('xstate.error.actor.addFriend'));
          expect(context.error).toBe(lastAdd === 'xstate.error.actor.addFriend' ? ADD_FAILED : null);
          expect(context.notice).toBe(expectedNotice(path.steps as unknown as Steps));
        },
        'ready.adding': ({ env, context, events }) => {
          expectReady(env, context, events);
          expect(context.addingId).toBe('user-1');
          expect(context.friendIds).toEqual(['user-2']);
          expect(env.pending.get('addFriend')?.at(-1)?.input).toEqual({ friendId: 'user-1' });
          expect(context.notice).toBeNull();
        },
      },
    });
    expect(report).toMatchObject({ states: 8, guards: 3 });
  }, 30_000);

  it("asks for similarity with each candidate's name, personality and interests", () => {
    expect(similarityCandidates(users)).toEqual([
      { username: 'RiffLord', personality: 'Loud.', interests: ['Metal'] },
      { username: 'PixelPoet', personality: 'Calm.', interests: ['Indie'] },
    ]);
  });

  it("filters by the header's community: the one chosen when it starts and each one chosen after", () => {
    const header = createActor(communityMachine).start();
    header.send({ type: 'SELECT', community: 'Microsoft' });
    const actor = createActor(discoverMachine.provide({ actors: { followCommunity: followCommunityOf(header) } })).start();
    expect(actor.getSnapshot().context.community).toBe('Microsoft');
    header.send({ type: 'SELECT', community: 'UW' });
    expect(actor.getSnapshot().context.community).toBe('UW');
    actor.stop();
    header.send({ type: 'SELECT', community: 'Seattle' });
    expect(actor.getSnapshot().context.community).toBe('UW');
  });
});

describe('discover machine with its actors settled', () => {
  it('the "now friends" notice names the person added, also when they are not first on the list', async () => {
    const actor = createActor(
      discoverMachine.provide({
        actors: {
          followCommunity: fromCallback(() => undefined),
          loadDiscover: fromPromise(async (): Promise<DiscoverData> => ({ profile: complete, users, friendIds: [] })),
          scoreUsers: fromPromise(async () => ({ scores: {}, breakdowns: {} })),
          addFriend: fromPromise(async (): Promise<{ added: boolean }> => ({ added: true })),
        },
      }),
      { input: undefined },
    ).start();
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'ADD_FRIEND', userId: 'user-2' });
    await waitFor(actor, (s) => s.context.notice !== null);
    expect(actor.getSnapshot().context.notice).toBe("You're now friends with PixelPoet!");
    expect(actor.getSnapshot().context.friendIds).toEqual(['user-2']);
    actor.send({ type: 'DISMISS_NOTICE' });
    expect(actor.getSnapshot().context.notice).toBeNull();
  });
});
