// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, waitFor } from 'xstate';
import { guestDiscoverActors } from '../../src/features/discover/actors/discover.actors';
import { discoverMachine } from '../../src/features/discover/machines/discover.machine';

// Discover Friends with its real actors: the profile, people and friends read from the device, the scores
// asked of the AI (a recording fetch answers), and a friend added on the device.

const profile = {
  username: 'mira',
  profilePicture: '',
  hobbies: 'climbing',
  musicGenres: ['Jazz'],
  favoriteGames: [],
  favoriteShows: [],
  connectedServices: { spotify: false, trakt: false, steam: false },
};
// docs/product.md: 25 stored users with a personality and a community are kept as they are.
const users = Array.from({ length: 25 }, (_, i) => ({
  id: `user-${i + 1}`,
  username: `Player${i + 1}`,
  email: `player${i + 1}@example.com`,
  interests: ['Jazz'],
  personality: 'Blunt and cheerful.',
  communities: ['Seattle'],
}));

let bodies: { candidates: unknown[] }[] = [];

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('user_profile', JSON.stringify(profile));
  localStorage.setItem('mycelius_users', JSON.stringify(users));
  bodies = [];
  vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
    bodies.push(JSON.parse(init.body as string) as { candidates: unknown[] });
    const scores = Object.fromEntries(users.map((u, i) => [u.username, i === 0 ? 88 : 10]));
    return Promise.resolve(new Response(JSON.stringify({ scores }), { headers: { 'Content-Type': 'application/json' } }));
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('discover (real actors)', () => {
  it('scores the stored people with their persona and adds a friend on the device', async () => {
    const actor = createActor(discoverMachine.provide({ actors: { ...guestDiscoverActors, followCommunity: fromCallback(() => undefined) } })).start();
    await waitFor(actor, (s) => s.matches('ready'));
    const { context } = actor.getSnapshot();
    expect(context.users.map((u) => u.id)).toHaveLength(25);
    expect(context.friendIds).toEqual([]);
    expect(bodies[0]!.candidates[0]).toEqual({ username: 'Player1', personality: 'Blunt and cheerful.', interests: ['Jazz'] });
    expect(context.scores.Player1).toBe(88);
    expect(context.breakdowns).toEqual({});

    actor.send({ type: 'ADD_FRIEND', userId: 'user-1' });
    await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
    expect(actor.getSnapshot().context.friendIds).toEqual(['user-1']);
    expect(actor.getSnapshot().context.notice).toBe("You're now friends with Player1!");
    expect(localStorage.getItem('mycelius_friends')).toContain('user-1');
    actor.stop();
  });

  it('explains a score with the breakdown the scorer sent, read back from the device cache with the scores', async () => {
    const breakdown = {
      music: { points: 40, items: ['Jazz'] },
      games: { points: 30, items: [] },
      shows: { points: 15, items: [] },
      hobbies: { points: 3, items: [] },
    };
    vi.stubGlobal('fetch', () => {
      const scores = Object.fromEntries(users.map((u, i) => [u.username, i === 0 ? 88 : 10]));
      return Promise.resolve(new Response(JSON.stringify({ scores, breakdowns: { Player1: breakdown } }), { headers: { 'Content-Type': 'application/json' } }));
    });
    const actor = createActor(discoverMachine.provide({ actors: { ...guestDiscoverActors, followCommunity: fromCallback(() => undefined) } })).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.breakdowns).toEqual({ Player1: breakdown });
    actor.stop();
  });

  it('logs a community follower that fails and still loads', async () => {
    const failure = new Error('no header');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const machine = discoverMachine.provide({
      actors: {
        ...guestDiscoverActors,
        followCommunity: fromCallback(() => {
          throw failure;
        }),
      },
    });
    const actor = createActor(machine).start();
    expect(logged).toHaveBeenCalledWith('Following the header community failed', failure);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.stop();
  });
});
