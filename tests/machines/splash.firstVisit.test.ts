// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { splashMachine } from '../../src/features/session/machines/splash.machine';
import { splashActorsWith } from '../../src/features/session/actors/splash.actors';
import { storedProfileJson } from '../support/profiles';

// The first screen's check loads the returning-visitor service (which reads the profile through zod) only
// when there is something to come back to: a first visit has neither the member's hint cookie nor a stored
// profile, and must not fetch that code (the first-screen budget, scripts/budget.ts).

const service = { loaded: false, asked: 0 };
// The app's loader, counted: whether the service was fetched, and how often it was asked.
const countedActors = splashActorsWith(async () => {
  service.loaded = true;
  const { isReturningVisitor } = await import('../../src/features/session/services/returningVisitor');
  return {
    isReturningVisitor: () => {
      service.asked += 1;
      return isReturningVisitor();
    },
  };
});

beforeEach(() => {
  localStorage.clear();
  service.asked = 0;
});
afterEach(() => {
  document.cookie = 'mycelius_member=; path=/; max-age=0';
});

async function check(): Promise<{ dashboard: number; showing: boolean }> {
  const toDashboard = vi.fn();
  const actor = createActor(splashMachine.provide({ actors: countedActors, actions: { goToDashboard: toDashboard } })).start();
  await waitFor(actor, (s) => s.matches('showing') || s.status === 'done');
  const showing = actor.getSnapshot().matches('showing');
  actor.stop();
  return { dashboard: toDashboard.mock.calls.length, showing };
}

describe('the splash check on a first visit', () => {
  it('shows the splash without loading the returning-visitor service', async () => {
    expect(await check()).toEqual({ dashboard: 0, showing: true });
    expect(service.loaded).toBe(false);
  });

  it('asks it for a stored profile, and a complete one still goes to the dashboard', async () => {
    localStorage.setItem('user_profile', storedProfileJson({ username: 'mira', hobbies: 'climbing', musicGenres: ['Jazz'] }));
    expect(await check()).toEqual({ dashboard: 1, showing: false });
    expect(service.asked).toBe(1);
  });

  it('asks it for a member (the hint cookie), who still goes to the dashboard', async () => {
    document.cookie = 'mycelius_member=1; path=/';
    expect(await check()).toEqual({ dashboard: 1, showing: false });
    expect(service.asked).toBe(1);
  });

  it('asks it for a stored profile that is not complete, and the splash shows', async () => {
    localStorage.setItem('user_profile', storedProfileJson({ username: 'mira', hobbies: '', musicGenres: [] }));
    expect(await check()).toEqual({ dashboard: 0, showing: true });
    expect(service.asked).toBe(1);
  });
});
