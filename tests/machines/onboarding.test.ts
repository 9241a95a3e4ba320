// @vitest-environment happy-dom
import { createActor, SimulatedClock } from 'xstate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { onboardingMachine } from '../../src/machines/onboarding.machine';
import * as bio from '../../src/services/bio';
import { runModel } from '../support/modelTest';

const events = [{ type: 'FINISH' }, { type: 'xstate.after.navigationDelay.onboarding.leaving' }];

afterEach(() => localStorage.clear());

describe('onboarding finish machine (model-based)', () => {
  for (const bioStored of [false, true]) {
    it(`fades out and goes to /dashboard after 500 ms; ${bioStored ? 'a stored bio is left alone' : 'with no bio stored, one starts in the background first'}`, async () => {
      const count = await runModel({
        machine: onboardingMachine.provide({ guards: { bioMissing: () => !bioStored } }),
        events,
        provide: (env) => ({
          actions: {
            goToDashboard: () => env.record('navigate', { to: '/dashboard', at: env.clock.now() }),
            startBioGeneration: () => env.record('startBio', { at: env.clock.now() }),
          },
        }),
        check: ({ env, snapshot }) => {
          const bioStarts = env.effects.filter((e) => e.type === 'startBio');
          const navigations = env.effects.filter((e) => e.type === 'navigate');
          if (snapshot.value === 'editing') {
            expect(env.effects).toEqual([]);
            return;
          }
          // Started once, at the click, before any navigation: navigation never waits for it.
          expect(bioStarts).toEqual(bioStored ? [] : [{ type: 'startBio', payload: { at: 0 } }]);
          if (snapshot.value === 'leaving') expect(navigations).toEqual([]);
          if (snapshot.value === 'done') {
            expect(env.clock.now()).toBe(500);
            expect(navigations).toEqual([{ type: 'navigate', payload: { to: '/dashboard', at: 500 } }]);
            expect(snapshot.status).toBe('done');
          }
        },
      });
      expect(count).toBeGreaterThanOrEqual(3);
    });
  }
});

describe('onboarding finish with the real bio check', () => {
  function finish() {
    const clock = new SimulatedClock();
    const navigate = vi.fn();
    const start = vi.spyOn(bio, 'startBackgroundBioGeneration').mockImplementation(() => undefined);
    const actor = createActor(onboardingMachine.provide({ actions: { goToDashboard: navigate, startBioGeneration: () => bio.startBackgroundBioGeneration() } }), { clock }).start();
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
