import { describe, expect, it } from 'vitest';
import { friendsMachine } from '../../src/machines/friends.machine';
import { messages } from '../../src/domain/messages';
import type { User } from '../../src/domain/user';
import { runModel } from '../support/modelTest';

const friends: User[] = [
  { id: 'user-1', username: 'RiffLord', email: 'r@example.com', interests: ['Metal'], personality: 'Loud.', communities: ['Seattle'] },
  { id: 'user-2', username: 'PixelPoet', email: 'p@example.com', interests: ['Indie'], personality: 'Calm.', communities: ['UW'] },
];

// A variable, not an inline literal: runModel takes plain EventObjects and the payloads ride along.
const events = [
  { type: 'xstate.done.actor.loadFriends', output: friends },
  { type: 'xstate.error.actor.loadFriends', error: new Error('broken') },
  { type: 'REMOVE', friendId: 'user-1' },
  { type: 'REMOVE', friendId: 'user-42' },
  { type: 'CONFIRM' },
  { type: 'CANCEL' },
  { type: 'xstate.done.actor.removeFriend' },
  { type: 'xstate.error.actor.removeFriend', error: new Error('disk') },
  { type: 'RETRY' },
];

describe('friends machine (model-based)', () => {
  it('reaches every state and transition; a removal needs a confirmation and removes exactly that friend', async () => {
    const count = await runModel({
      machine: friendsMachine,
      events,
      check: ({ env, snapshot, path }) => {
        const events = path.steps.map((s) => s.event.type);
        const removals = env.pending.get('removeFriend') ?? [];
        // Nothing is removed without CONFIRM, and only a listed friend can be asked about.
        expect(removals.length).toBe(events.includes('CONFIRM') ? 1 : 0);
        for (const d of removals) expect(d.input).toEqual({ friendId: 'user-1' });
        if (snapshot.matches({ ready: 'confirming' })) expect(snapshot.context.pendingId).toBe('user-1');
        if (events.at(-1) === 'xstate.done.actor.removeFriend') {
          expect(snapshot.context.friends.map((f) => f.id)).toEqual(['user-2']);
          expect(snapshot.context.notice).toBe('RiffLord was removed from your friends.');
        }
        if (events.at(-1) === 'xstate.error.actor.removeFriend') {
          expect(snapshot.context.friends).toHaveLength(2);
          expect(snapshot.context.error).toBe(messages.social.removeFriendFailed);
        }
        if (snapshot.matches('failed')) expect(snapshot.context.error).toBe(messages.social.friendsLoadFailed);
      },
    });
    expect(count).toBeGreaterThan(5);
  });
});
