// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { bioGenerationMachine, type AiProvider } from '../../src/features/profile/machines/bioGeneration.machine';
import { createBioActors } from '../../src/features/profile/actors/bio.actors';
import { createClientConfigLoader } from '../../src/shared/http/config';
import { callbackThrowing } from '../support/failingActors';

// The AI summary panel's own watcher: it starts from the stored bio and shows a bio another tab stored.

// Which AI answers is not what these tests are about: the local one, at once.
const localProvider = fromPromise(async (): Promise<AiProvider> => 'local');

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('bio generation (own watcher)', () => {
  it('starts from the stored bio and follows a bio stored in another tab', () => {
    localStorage.setItem('ai_profile_summary', 'An older bio.');
    const { bioGeneration } = createBioActors(createClientConfigLoader());
    const machine = bioGenerationMachine.provide({ actors: { ...bioGeneration.actors, loadAiProvider: localProvider } });
    const actor = createActor(machine, { input: { summary: bioGeneration.storedSummary() } }).start();
    expect(actor.getSnapshot().context.summary).toBe('An older bio.');
    localStorage.setItem('ai_profile_summary', 'Written in another tab.');
    window.dispatchEvent(new StorageEvent('storage', { key: 'ai_profile_summary', storageArea: localStorage }));
    expect(actor.getSnapshot().context.summary).toBe('Written in another tab.');
    actor.stop();
  });

  it('logs a watcher that fails', () => {
    const failure = new Error('no storage events');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const machine = bioGenerationMachine.provide({ actors: { watchStoredSummary: callbackThrowing(failure), loadAiProvider: localProvider } });
    const actor = createActor(machine, { input: { summary: '' } }).start();
    expect(logged).toHaveBeenCalledWith('AI summary panel:', failure);
    actor.stop();
  });
});
