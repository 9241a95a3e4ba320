// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { TasteOffer } from '../../src/domain/tasteImport';
import { tasteImportImplementations } from '../../src/features/profile/actors/tasteImport.actors';
import { tasteImportMachine } from '../../src/features/profile/machines/tasteImport.machine';

// The offer's real connect watcher: a service marked as just connected (session storage `taste_offer_<service>`,
// set by the OAuth return or by Steam on this page) starts loading its offer; another service's mark does not.

let actor: ReturnType<typeof createActor<typeof tasteImportMachine>>;

function start(service: 'spotify' | 'steam') {
  const loads: string[] = [];
  const machine = tasteImportMachine.provide({
    ...tasteImportImplementations,
    actors: {
      ...tasteImportImplementations.actors,
      loadOffer: fromPromise<TasteOffer, { service: 'spotify' | 'trakt' | 'steam' }>(({ input }) => {
        loads.push(input.service);
        return new Promise<TasteOffer>(() => undefined);
      }),
    },
  });
  actor = createActor(machine, { input: { service } }).start();
  return loads;
}

beforeEach(() => sessionStorage.clear());
afterEach(() => actor.stop());

describe('taste import hears connects', () => {
  it('a connect marked before the screen opened (the OAuth return) loads the offer at once', () => {
    sessionStorage.setItem('taste_offer_spotify', 'true');
    const loads = start('spotify');
    expect(actor.getSnapshot().value).toBe('loading');
    expect(loads).toEqual(['spotify']);
  });

  it('nothing marked: it waits; a connect marked later on this page loads the offer', () => {
    const loads = start('steam');
    expect(actor.getSnapshot().value).toBe('idle');
    sessionStorage.setItem('taste_offer_spotify', 'true');
    window.dispatchEvent(new StorageEvent('storage', { key: 'taste_offer_spotify', storageArea: sessionStorage }));
    expect(actor.getSnapshot().value).toBe('idle');
    sessionStorage.setItem('taste_offer_steam', 'true');
    window.dispatchEvent(new StorageEvent('storage', { key: 'taste_offer_steam', storageArea: sessionStorage }));
    expect(actor.getSnapshot().value).toBe('loading');
    expect(loads).toEqual(['steam']);
  });
});
