// @vitest-environment happy-dom
import { createActor, SimulatedClock } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onboardingMachine } from '../../src/features/profile/machines/onboarding.machine';
import { onboardingImplementations } from '../../src/features/profile/actors/bio.actors';
import { after, testModel, type ModelOptions, type ReplayEnv } from '../support/modelTest';

const events = [{ type: 'FINISH' }, after('navigationDelay')];

afterEach(() => localStorage.clear());

// docs/product.md §2/§4: 'Start Exploring' and 'Skip for now' fade out and go to /dashboard after 500 ms; with no bio
// stored, one is started in the background at the click, and navigation does not wait for it.
function variant(bioStored: boolean): ModelOptions<typeof onboardingMachine> {
  const bioStarts = (env: ReplayEnv) => expect(env.timeline.filter((e) => e.type === 'startBio')).toEqual(bioStored ? [] : [{ type: 'startBio', payload: undefined, at: 0 }]);
  return {
    machine: onboardingMachine.provide({ guards: { bioMissing: () => !bioStored } }),
    limit: 5,
    events,
    delays: { navigationDelay: 500 },
    provide: (env) => ({
      actions: {
        goToDashboard: () => env.record('navigate', '/dashboard'),
        startBioGeneration: () => env.record('startBio'),
      },
    }),
    states: {
      editing: ({ env }) => expect(env.timeline).toEqual([]),
      leaving: ({ env }) => {
        bioStarts(env);
        expect(env.timeline.filter((e) => e.type === 'navigate')).toEqual([]);
      },
      done: ({ env, snapshot }) => {
        bioStarts(env);
        expect(env.timeline.filter((e) => e.type === 'navigate')).toEqual([{ type: 'navigate', payload: '/dashboard', at: 500 }]);
        expect(snapshot.status).toBe('done');
      },
    },
  };
}

describe('onboarding finish machine (model-based)', () => {
  it('fades out and goes to /dashboard after 500 ms; a bio starts in the background only when none is stored', async () => {
    const report = await testModel([variant(false), variant(true)]);
    expect(report).toMatchObject({ paths: 6, states: 4, transitions: 2, guards: 1 });
  });
});

describe('onboarding finish with the real bio check', () => {
  function finish() {
    const clock = new SimulatedClock();
    const navigate = vi.fn();
    const start = vi.fn();
    const real = onboardingImplementations({ generate: () => Promise.resolve('unused'), startInBackground: start });
    const actor = createActor(onboardingMachine.provide({ ...real, actions: { ...real.actions, goToDashboard: navigate } }), { clock }).start();
    actor.send({ type: 'FINISH' });
    return { clock, navigate, start, actor };
  }

  it('starts a bio when none is stored, then navigates at 500 ms', () => {
    const { clock, navigate, start } = finish();
    expect(start).toHaveBeenCalledTimes(1);
    clock.increment(499);
    expect(navigate).not.toHaveBeenCalled();
    clock.increment(1);
    expect(navigate).toHaveBeenCalledTimes(1);
  });

  it('starts nothing when a bio is already stored', () => {
    localStorage.setItem('ai_profile_summary', 'A metal fan who hikes.');
    const { start } = finish();
    expect(start).not.toHaveBeenCalled();
  });
});
