// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, waitFor } from 'xstate';
import { createDiscoverActors } from '../../src/features/discover/actors/discover.actors';
import { discoverMachine } from '../../src/features/discover/machines/discover.machine';
import { createViewerSource } from '../../src/shared/session/viewer';
import { profileWith } from '../support/profiles';
import { callbackThrowing } from '../support/failingActors';

// A guest's Discover on its real source: the profile, people and friends read from the device, the scores
// asked of the AI (a recording fetch answers) through the device's cache, a friend added on the device.

const profile = profileWith({ username: 'mira', hobbies: 'climbing', musicGenres: ['Jazz'] });
// docs/product.md: 25 stored users with a personality and a community are kept as they are.
const users = Array.from({ length: 25 }, (_, i) => ({
  id: `user-${i + 1}`,
  username: `Player${i + 1}`,
  email: `player${i + 1}@example.com`,
  interests: i === 1 ? ['Jazz', 'Polka'] : ['Jazz'],
  personality: 'Blunt and cheerful.',
  communities: [i % 2 === 0 ? 'Seattle' : 'UW'],
}));
// Player1 88%, Player2 60%, everyone else 10% (the match floor).
const scoreOf = (i: number) => (i === 0 ? 88 : i === 1 ? 60 : 10);

let bodies: { candidates: unknown[] }[] = [];

function answerScores(extra: object = {}) {
  vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
    bodies.push(JSON.parse(init.body as string) as { candidates: unknown[] });
    const scores = Object.fromEntries(users.map((u, i) => [u.username, scoreOf(i)]));
    return Promise.resolve(new Response(JSON.stringify({ scores, ...extra }), { headers: { 'Content-Type': 'application/json' } }));
  });
}

/** One visit of a guest's Discover: the machine on the source the app gives a guest. */
function visit() {
  const guest = createDiscoverActors(createViewerSource()).sourceFor('guest');
  const machine = discoverMachine.provide({ ...guest, actors: { ...guest.actors, followCommunity: fromCallback(() => undefined) } });
  return createActor(machine).start();
}

const linkedFriends = () => (JSON.parse(localStorage.getItem('mycelius_friends') ?? '[]') as { friend_id: string }[]).map((l) => l.friend_id);

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('user_profile', JSON.stringify(profile));
  localStorage.setItem('mycelius_users', JSON.stringify(users));
  bodies = [];
  answerScores();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("a guest's Discover source (real device storage)", () => {
  it('ranks the stored people scored with their persona, as sample cards, one page and no next one', async () => {
    const actor = visit();
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(bodies).toHaveLength(1);
    expect(bodies[0]!.candidates[0]).toEqual({ username: 'Player1', personality: 'Blunt and cheerful.', interests: ['Jazz'] });
    const { cards, nextCursor, sampleFriendIds } = actor.getSnapshot().context;
    expect(cards).toHaveLength(25);
    expect(cards.slice(0, 3).map((c) => [c.username, c.similarityScore])).toEqual([['Player1', 88], ['Player2', 60], ['Player10', 10]]);
    expect(cards[1]).toEqual({
      id: 'user-2',
      kind: 'sample',
      name: 'Player2',
      username: 'Player2',
      avatar: 'PL',
      profilePicture: '',
      bio: 'Jazz, Polka',
      mutualFriends: 0,
      communities: ['UW'],
      similarityScore: 60,
      shared: ['Jazz'],
      sharedByCategory: { music: ['Jazz'], games: [], shows: [] },
      relation: 'none',
    });
    expect(nextCursor).toBeNull();
    expect(sampleFriendIds).toEqual([]);
    actor.stop();
  });

  it('searches and filters by community without asking the AI again, the cards staying in view meanwhile', async () => {
    const actor = visit();
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'SEARCH', query: 'POLKA' });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.cards).toHaveLength(25);
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(actor.getSnapshot().context.cards.map((c) => c.username)).toEqual(['Player2']);
    actor.send({ type: 'COMMUNITY', community: 'Seattle' });
    expect(actor.getSnapshot().context.cards.map((c) => c.username)).toEqual(['Player2']);
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(actor.getSnapshot().context.cards).toEqual([]);
    actor.send({ type: 'SEARCH', query: '' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.query === '');
    expect(actor.getSnapshot().context.cards.map((c) => c.username)).toEqual(['Player1', ...users.filter((_, i) => i > 1 && i % 2 === 0).map((u) => u.username).sort()]);
    expect(bodies).toHaveLength(1);
    actor.stop();
  });

  it("adds a friend on the device: friends at once, with the notice; one another tab linked meanwhile shows as a friend without it", async () => {
    const actor = visit();
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    actor.send({ type: 'ADD_FRIEND', userId: 'user-2' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(actor.getSnapshot().context.sampleFriendIds).toEqual(['user-2']);
    expect(actor.getSnapshot().context.notice).toBe("You're now friends with Player2!");
    expect(linkedFriends()).toEqual(['user-2']);

    localStorage.setItem('mycelius_friends', JSON.stringify([...JSON.parse(localStorage.getItem('mycelius_friends')!), { id: 'l9', user_id: 'user-current', friend_id: 'user-1' }]));
    actor.send({ type: 'ADD_FRIEND', userId: 'user-1' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(actor.getSnapshot().context.sampleFriendIds).toEqual(['user-2', 'user-1']);
    expect(actor.getSnapshot().context.notice).toBeNull();
    expect(linkedFriends()).toEqual(['user-2', 'user-1']);
    actor.stop();
  });

  it('asks for a complete profile first, without asking the AI', async () => {
    localStorage.setItem('user_profile', JSON.stringify({ ...profile, hobbies: '' }));
    const actor = visit();
    await waitFor(actor, (s) => s.matches('incomplete'));
    expect(actor.getSnapshot().context.cards).toEqual([]);
    expect(bodies).toHaveLength(0);
    actor.stop();
  });

  it('explains a score with the breakdown the scorer sent, read back from the device cache with the scores', async () => {
    const breakdown = {
      music: { points: 40, items: ['Jazz'] },
      games: { points: 30, items: [] },
      shows: { points: 15, items: [] },
      hobbies: { points: 3, items: [] },
    };
    answerScores({ breakdowns: { Player1: breakdown } });
    const actor = visit();
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(actor.getSnapshot().context.cards[0]).toMatchObject({ username: 'Player1', similarityScore: 88, breakdown });
    expect(actor.getSnapshot().context.cards[1]!.breakdown).toBeUndefined();
    // The next visit is answered from the device's cache.
    actor.stop();
    const again = visit();
    await waitFor(again, (s) => s.matches({ ready: 'idle' }));
    expect(bodies).toHaveLength(1);
    expect(again.getSnapshot().context.cards[0]).toMatchObject({ username: 'Player1', breakdown });
    again.stop();
  });

  it('ranks everyone at 50% when the AI fails, searches without asking it again, and asks again on the next visit', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', () => {
      bodies.push({ candidates: [] });
      return Promise.resolve(new Response('{}', { status: 500 }));
    });
    const actor = visit();
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(new Set(actor.getSnapshot().context.cards.map((c) => c.similarityScore))).toEqual(new Set([50]));
    actor.send({ type: 'SEARCH', query: 'player1' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.query === 'player1');
    expect(actor.getSnapshot().context.cards.map((c) => c.username)).toEqual(['Player1', 'Player10', 'Player11', 'Player12', 'Player13', 'Player14', 'Player15', 'Player16', 'Player17', 'Player18', 'Player19']);
    expect(bodies).toHaveLength(1);
    actor.stop();
    const again = visit();
    await waitFor(again, (s) => s.matches({ ready: 'idle' }));
    expect(bodies).toHaveLength(2);
    again.stop();
  });

  it('logs a community follower that fails and still loads', async () => {
    const failure = new Error('no header');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const guest = createDiscoverActors(createViewerSource()).sourceFor('guest');
    const machine = discoverMachine.provide({
      ...guest,
      actors: {
        ...guest.actors,
        followCommunity: callbackThrowing(failure),
      },
    });
    const actor = createActor(machine).start();
    expect(logged).toHaveBeenCalledWith('Following the header community failed', failure);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.stop();
  });
});
