import { setup } from 'xstate';
import { actionNotProvided } from '../../../shared/machines/notProvided';

/**
 * Finishing the profile-building screen (docs/product.md sections 2 and 4): 'Start Exploring' and 'Skip for now'
 * both fade the screen out and go to /dashboard after 500 ms. With no stored bio, one is generated in the
 * background; navigation never waits for it.
 */
export const onboardingMachine = setup({
  types: {} as { events: { type: 'FINISH' } },
  guards: {
    bioMissing: (): boolean => {
      throw new Error("The 'bioMissing' guard was not provided: provide it where the app is assembled (or in the test).");
    },
  },
  actions: {
    /** Where the app is assembled: writes a bio in the background, never waited for. */
    startBioGeneration: actionNotProvided('startBioGeneration'),
    /** The screen's navigate('/dashboard'). */
    goToDashboard: actionNotProvided('goToDashboard'),
  },
  delays: { navigationDelay: 500 },
}).createMachine({
  id: 'onboarding',
  initial: 'editing',
  states: {
    editing: {
      on: {
        FINISH: [{ guard: 'bioMissing', target: 'leaving', actions: 'startBioGeneration' }, { target: 'leaving' }],
      },
    },
    leaving: { after: { navigationDelay: 'done' } },
    done: { type: 'final', entry: 'goToDashboard' },
  },
});
