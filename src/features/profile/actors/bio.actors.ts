import { fromCallback, fromPromise } from 'xstate';
import type { AiProvider, BioGenerationEvent } from '../machines/bioGeneration.machine';
import { createBioGenerator, readStoredSummary, watchStoredSummary, type BioGenerator } from '../services/bio';
import type { ClientConfigLoader } from '../../../shared/http/config';
import type { ViewerSource } from '../../../shared/session/viewer';
import { connectServicesImplementations } from './connectServices.actors';

/** The AI summary panel's IO, over the app's one bio generator (so the panel joins a background run). */
export function bioGenerationActors(generator: BioGenerator, loadConfig: ClientConfigLoader) {
  return {
    generateSummary: fromPromise<string>(() => generator.generate()),
    loadAiProvider: fromPromise<AiProvider>(async () => (await loadConfig()).ai.provider),
    watchStoredSummary: fromCallback<BioGenerationEvent>(({ sendBack }) =>
      watchStoredSummary((summary) => sendBack({ type: 'SUMMARY_STORED', summary })),
    ),
  };
}

/** The onboarding finish's bio check and background run, over the same generator. */
export function onboardingImplementations(generator: BioGenerator) {
  return {
    guards: { bioMissing: () => readStoredSummary().trim() === '' },
    actions: { startBioGeneration: () => generator.startInBackground() },
  };
}

/**
 * The profile screens' real IO, around one bio generator, for the app's viewer and its one loader of the
 * server's configuration: the app creates it once where it is assembled.
 */
export function createProfileActors(viewer: ViewerSource, loadConfig: ClientConfigLoader) {
  const generator = createBioGenerator();
  return {
    bioGeneration: { actors: bioGenerationActors(generator, loadConfig), storedSummary: readStoredSummary },
    onboarding: onboardingImplementations(generator),
    connectServices: connectServicesImplementations(viewer, loadConfig),
  };
}
