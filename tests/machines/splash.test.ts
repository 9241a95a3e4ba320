import { describe, expect } from 'vitest';
import { splashMachine } from '../../src/features/session/machines/splash.machine';
import { after, done, failed, isFailed, itCoversTheModel } from '../support/modelTest';

// docs/product.md Splash: a first visit waits 3500 ms, then replaces history with /auth. A returning
// visitor (member session or complete guest profile) goes straight to /dashboard; a failed check is a first visit.
describe('splash machine (model-based)', () => {
  itCoversTheModel('a returning visitor goes to /dashboard at once; a first visit (or a failed check) waits 3500 ms for /auth', {
    machine: splashMachine,
    limit: 8,
    events: [
      done('checkReturning', true),
      done('checkReturning', false),
      failed('checkReturning', new Error('chunk failed to load')),
      after('splashDelay'),
    ],
    delays: { splashDelay: 3500 },
    provide: (env) => ({
      actions: {
        goToAuth: () => env.record('navigate', { to: '/auth', replace: true }),
        goToDashboard: () => env.record('navigate', { to: '/dashboard', replace: true }),
        logFailure: () => env.record('log'),
      },
    }),
    states: {
      checking: ({ env }) => {
        expect(env.pending.get('checkReturning')).toHaveLength(1);
        expect(env.timeline).toEqual([]);
      },
      showing: ({ env, events }) =>
        expect(env.timeline).toEqual(events.some(isFailed('checkReturning')) ? [{ type: 'log', payload: undefined, at: 0 }] : []),
      done: ({ env }) => expect(env.timeline.filter((e) => e.type === 'navigate')).toEqual([
        { type: 'navigate', payload: { to: '/auth', replace: true }, at: 3500 },
      ]),
      returning: ({ env, snapshot }) => {
        expect(env.timeline).toEqual([{ type: 'navigate', payload: { to: '/dashboard', replace: true }, at: 0 }]);
        expect(snapshot.status).toBe('done');
      },
    },
  }, { paths: 5, states: 5, guards: 1 });
});
