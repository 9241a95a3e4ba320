// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { splashMachine } from '../../src/features/session/machines/splash.machine';
import { splashActors } from '../../src/features/session/actors/splash.actors';
import { storedProfileJson } from '../support/profiles';

// The splash's own check: a guest whose stored profile is complete is a returning visitor; a check
// that fails is logged and counts as a first visit.

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('splash (own check)', () => {
  it('sends a guest with a complete stored profile straight to the dashboard', async () => {
    localStorage.setItem('user_profile', storedProfileJson({ username: 'mira', hobbies: 'climbing', musicGenres: ['Jazz'] }));
    const toDashboard = vi.fn();
    const actor = createActor(splashMachine.provide({ actors: splashActors, actions: { goToDashboard: toDashboard } })).start();
    await waitFor(actor, (s) => s.status === 'done');
    expect(toDashboard).toHaveBeenCalledTimes(1);
  });

  it('logs a check that fails and shows the splash', async () => {
    const failure = new Error('storage blocked');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const actor = createActor(splashMachine.provide({ actors: { checkReturning: fromPromise(() => Promise.reject(failure)) } })).start();
    await waitFor(actor, (s) => s.matches('showing'));
    expect(logged).toHaveBeenCalledWith('returning-visitor check failed', failure);
    actor.stop();
  });
});
