import { fromCallback, fromPromise } from 'xstate';
import type { AiProvider, BioGenerationEvent } from '../machines/bioGeneration.machine';
import { createBioGenerator, readStoredSummary, watchStoredSummary, type BioGenerator } from '../services/bio';
import type { ClientConfigLoader } from '../../../shared/http/config';

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

/** The AI summary's and onboarding's IO around one bio generator, so a second generation joins the one running. */
export function createBioActors(loadConfig: ClientConfigLoader) {
  const generator = createBioGenerator();
  return {
    bioGeneration: { actors: bioGenerationActors(generator, loadConfig), storedSummary: readStoredSummary },
    onboarding: onboardingImplementations(generator),
  };
}
