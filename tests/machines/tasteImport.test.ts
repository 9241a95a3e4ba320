import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/domain/errors';
import type { TasteOffer } from '../../src/domain/tasteImport';
import { tasteImportMachine } from '../../src/features/profile/machines/tasteImport.machine';
import { done, failed, isDone, isFailed, itCoversTheModel, type ReplayEnv } from '../support/modelTest';

// A service that has just connected offers what it reports (up to 5 new items); the person adds
// all, picks some, or says not now. Only an accepted offer reaches the profile, with exactly the items chosen.

const offer: TasteOffer = {
  service: 'spotify',
  items: ['Indie', 'Folk', 'Hip Hop'],
  connected: { spotifyGenres: ['Indie', 'Rock', 'Folk', 'Hip Hop'] },
};
const nothingNew: TasteOffer = { service: 'spotify', items: [], connected: { spotifyGenres: ['Rock'] } };
const STORAGE_FULL =
  'Your browser storage is full, so this change could not be saved. Free some space (for example Settings → Clear App Data) and try again.';

const settles = (env: ReplayEnv) => env.timeline.filter((e) => e.type === 'settle').length;
// Every loaded offer is answered exactly once (nothing new, a failure, Not now, or saved), clearing the mark.
const loads = (events: string[]) => events.filter((e) => isDone('loadOffer')(e) || isFailed('loadOffer')(e)).length;

describe('taste import machine (model-based)', () => {
  itCoversTheModel('offers, adds all or the picked items, or lets it go; the mark is cleared once answered', {
    machine: tasteImportMachine,
    input: { service: 'spotify' },
    limit: 60,
    events: [
      { type: 'CONNECTED' },
      done('loadOffer', offer),
      done('loadOffer', nothingNew),
      failed('loadOffer', new AppError('MUSIC_FETCH_FAILED')),
      { type: 'ADD_ALL' },
      { type: 'PICK' },
      { type: 'TOGGLE', item: 'Folk' },
      { type: 'TOGGLE', item: 'Indie' },
      { type: 'TOGGLE', item: 'Hip Hop' },
      { type: 'ADD_PICKED' },
      { type: 'DISMISS' },
      done('saveImport', undefined),
      failed('saveImport', new AppError('STORAGE_FULL')),
      failed('watchConnects', new Error('storage gone')),
    ],
    provide: (env) => ({
      actions: {
        settle: () => env.record('settle'),
        logFailure: () => env.record('log'),
      },
    }),
    states: {
      // Nothing shown; the mark is cleared whenever an offer was answered, empty or failed.
      idle: ({ env, context, events }) => {
        expect(context.offer).toBeNull();
        expect(context.picked).toEqual([]);
        expect(settles(env)).toBe(loads(events));
      },
      loading: ({ env }) => {
        expect(env.pending.get('loadOffer')?.at(-1)?.input).toEqual({ service: 'spotify' });
      },
      offered: ({ env, context, events }) => {
        expect(settles(env)).toBe(loads(events) - 1);
        expect(context.offer).toEqual(offer);
        // A failed save says so until a new offer comes.
        const lastOutcome = events.findLast((e) => isDone('loadOffer')(e) || isFailed('saveImport')(e));
        expect(context.error).toBe(isFailed('saveImport')(lastOutcome) ? STORAGE_FULL : null);
      },
      picking: ({ context, path }) => {
        expect(context.offer).toEqual(offer);
        // Every item starts ticked (again after Add all); each toggle flips one; the order stays the offer's.
        let ticked = new Set<string>();
        for (const step of path.steps) {
          const event = step.event as { type: string; item?: string };
          if (isDone('loadOffer')(event) || event.type === 'ADD_ALL') ticked = new Set(offer.items);
          if (event.type === 'TOGGLE' && event.item) ticked = new Set(ticked.has(event.item) ? [...ticked].filter((i) => i !== event.item) : [...ticked, event.item]);
        }
        expect(context.picked).toEqual(offer.items.filter((item) => ticked.has(item)));
      },
      saving: ({ env, context }) => {
        const call = env.pending.get('saveImport')?.at(-1);
        expect(call?.input).toEqual({ offer, items: context.picked });
        expect((call?.input as { items: string[] }).items.length).toBeGreaterThan(0);
      },
      added: ({ env, context, events }) => {
        const call = env.pending.get('saveImport')?.at(-1);
        expect(context.added).toEqual((call?.input as { items: string[] }).items);
        expect(context.added.length).toBeGreaterThan(0);
        expect(context.offer).toBeNull();
        expect(settles(env)).toBe(loads(events));
      },
    },
  }, { guards: 2 });

  it('adds exactly what was left ticked', async () => {
    const { createActor, fromCallback, fromPromise, waitFor } = await import('xstate');
    const saved: unknown[] = [];
    const actor = createActor(
      tasteImportMachine.provide({
        actors: {
          // The connect is sent by the test.
          watchConnects: fromCallback(() => undefined),
          loadOffer: fromPromise(async () => offer),
          saveImport: fromPromise<unknown, { offer: TasteOffer; items: string[] }>(async ({ input }) => saved.push(input.items)),
        },
        actions: { settle: () => undefined },
      }),
      { input: { service: 'spotify' } },
    ).start();
    actor.send({ type: 'CONNECTED' });
    await waitFor(actor, (s) => s.matches('offered'));
    actor.send({ type: 'PICK' });
    actor.send({ type: 'TOGGLE', item: 'Folk' });
    actor.send({ type: 'ADD_PICKED' });
    await waitFor(actor, (s) => s.matches('added'));
    expect(saved).toEqual([['Indie', 'Hip Hop']]);
    expect(actor.getSnapshot().context.added).toEqual(['Indie', 'Hip Hop']);
  });
});
