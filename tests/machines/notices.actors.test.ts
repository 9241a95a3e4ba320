// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback } from 'xstate';
import { createNoticesImplementations } from '../../src/features/live/actors/notices.actors';
import { noticesMachine } from '../../src/features/live/machines/notices.machine';
import type { LiveCommand } from '../../src/features/live/machines/liveEvents';
import { callbackThrowing } from '../support/failingActors';

function withRealEffects(liveLink = fromCallback<LiveCommand>(() => undefined)) {
  const { actors, actions } = createNoticesImplementations();
  // The social root's refreshes are the app's, not the notices' own effects.
  return noticesMachine.provide({ actors: { ...actors, liveLink }, actions: { ...actions, refreshFriendRequests: () => undefined, refreshOwnProfile: () => undefined } });
}

// The notices actor's own effects: a notice told beyond the page through the browser's Notification (Push
// Notifications on, permission given, tab hidden), and a live link that fails logged.

const shown: { title: string; body?: string }[] = [];
function FakeNotification(title: string, options: NotificationOptions = {}) {
  shown.push({ title, body: options.body });
}
Object.defineProperty(FakeNotification, 'permission', { get: () => 'granted' });

const friendRequest = { type: 'live.received', frame: { type: 'friendRequest', from: { id: 'm-3', username: 'juno' } } } as const;

beforeEach(() => {
  shown.length = 0;
  localStorage.clear();
  localStorage.setItem(
    'user_settings',
    JSON.stringify({ theme: 'dark', profileVisibility: 'public', notifications: true, soundEffects: false, showOnlineStatus: true }),
  );
  vi.stubGlobal('Notification', FakeNotification);
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(document, 'hidden');
});

describe('notices (own effects)', () => {
  it('tells a friend request beyond the page when the tab is hidden', () => {
    const actor = createActor(withRealEffects(), { input: { memberId: 'm-1' } }).start();
    actor.send(friendRequest);
    expect(shown).toEqual([{ title: 'Mycelius', body: 'juno sent you a friend request' }]);
    actor.stop();
  });

  it('logs a live link that fails, and still tells notices sent to it', () => {
    const failure = new Error('gone');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const machine = withRealEffects(
      callbackThrowing<LiveCommand>(failure),
    );
    const actor = createActor(machine, { input: { memberId: 'm-1' } }).start();
    expect(logged).toHaveBeenCalledWith('A live notice failed', failure);
    actor.send(friendRequest);
    expect(actor.getSnapshot().context.notice).toBe('juno sent you a friend request');
    actor.stop();
  });
});
