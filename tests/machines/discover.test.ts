import { describe, expect, it } from 'vitest';
import { discoverMachine, similarityCandidates, type DiscoverData } from '../../src/machines/discover.machine';
import { AppError } from '../../src/domain/errors';
import { messages } from '../../src/domain/messages';
import { emptyProfile, type Profile } from '../../src/domain/profile';
import type { User } from '../../src/domain/user';
import { runModel } from '../support/modelTest';

const complete: Profile = { ...emptyProfile(), username: 'me', hobbies: 'climbing', musicGenres: ['Metal'] };
const users: User[] = [
  { id: 'user-1', username: 'RiffLord', email: 'r@example.com', interests: ['Metal'], personality: 'Loud.', communities: ['Seattle'] },
  { id: 'user-2', username: 'PixelPoet', email: 'p@example.com', interests: ['Indie'], personality: 'Calm.', communities: ['UW'] },
];
const completeData: DiscoverData = { profile: complete, users, friendIds: ['user-2'] };
const incompleteData: DiscoverData = { profile: { ...complete, hobbies: '' }, users, friendIds: [] };

// A variable, not an inline literal: runModel takes plain EventObjects and the payloads ride along.
const events = [
  { type: 'xstate.done.actor.loadDiscover', output: completeData },
  { type: 'xstate.done.actor.loadDiscover', output: incompleteData },
  { type: 'xstate.error.actor.loadDiscover', error: new AppError('STORAGE_FULL') },
  { type: 'xstate.done.actor.scoreUsers', output: { RiffLord: 88, PixelPoet: 20 } },
  { type: 'xstate.error.actor.scoreUsers', error: new Error('unexpected') },
  { type: 'ADD_FRIEND', userId: 'user-1' },
  { type: 'ADD_FRIEND', userId: 'user-2' },
  { type: 'ADD_FRIEND', userId: 'user-99' },
  { type: 'xstate.done.actor.addFriend', output: { added: true } },
  { type: 'xstate.done.actor.addFriend', output: { added: false } },
  { type: 'xstate.error.actor.addFriend', error: new Error('disk') },
  { type: 'xstate.after.alertDelay.discover.ready.announcing' },
  { type: 'SEARCH', query: 'metal' },
  { type: 'COMMUNITY', community: 'UW' },
  { type: 'GO_TO_PROFILE' },
  { type: 'RETRY' },
];

describe('discover machine (model-based)', () => {
  it('reaches every state and transition; navigation and alerts happen exactly where they should', async () => {
    const count = await runModel({
      machine: discoverMachine,
      // Search text and community only filter the rendered list; leaving them out of a state's identity
      // keeps the model small while SEARCH and COMMUNITY are still taken from every state.
      serializeState: (s) => JSON.stringify({ value: s.value, context: { ...s.context, query: undefined, community: undefined } }),
      events,
      provide: (env) => ({
        actions: {
          goToProfile: () => env.record('navigate', '/profile'),
          notify: (_: unknown, params: { message: string }) => env.record('alert', params.message),
        },
      }),
      check: ({ env, snapshot, path }) => {
        const events = path.steps.map((s) => s.event.type);
        // Scoring is asked for the complete profile and every candidate, once per load.
        const scoring = env.pending.get('scoreUsers') ?? [];
        const loadedComplete = path.steps.some((s) => (s.event as { output?: unknown }).output === completeData);
        expect(scoring.length).toBe(loadedComplete ? 1 : 0);
        for (const d of scoring) expect(d.input).toEqual({ profile: complete, users });
        expect(similarityCandidates(users)).toEqual([
          { username: 'RiffLord', personality: 'Loud.', interests: ['Metal'] },
          { username: 'PixelPoet', personality: 'Calm.', interests: ['Indie'] },
        ]);
        // Only user-1 can ever be added: user-2 is already a friend and user-99 does not exist.
        for (const d of env.pending.get('addFriend') ?? []) expect(d.input).toEqual({ friendId: 'user-1' });

        const navigations = env.effects.filter((e) => e.type === 'navigate');
        expect(navigations.length).toBe(events.filter((e) => e === 'GO_TO_PROFILE').length);
        const alerts = env.effects.filter((e) => e.type === 'alert');
        expect(alerts).toEqual(
          events.includes('xstate.after.alertDelay.discover.ready.announcing')
            ? [{ type: 'alert', payload: messages.friends.added('RiffLord') }]
            : [],
        );
        if (snapshot.matches('failed')) expect(snapshot.context.error).toBe(messages.storage.full);
        if (events.at(-1) === 'xstate.error.actor.addFriend') {
          expect(snapshot.context.error).toBe(messages.social.addFriendFailed);
        }
        if (snapshot.matches({ ready: 'announcing' })) expect(snapshot.context.friendIds).toContain('user-1');
      },
    });
    expect(count).toBeGreaterThan(10);
  }, 30_000);

  it('takes the header community as input', async () => {
    const { createActor } = await import('xstate');
    const actor = createActor(discoverMachine, { input: { community: 'Microsoft' } });
    expect(actor.getSnapshot().context.community).toBe('Microsoft');
  });
});
