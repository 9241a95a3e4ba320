import { aiSummaryKey } from '../storage/aiSummary';
import { loadProfile } from '../../../shared/storage/profile';
import { generateProfileSummary } from '../../../shared/http/ai';
import { assembleBioInput } from './bioInput';

// The AI bio (docs/product.md section 4 "Bio generation"): written from the stored profile and connected services,
// stored under ai_profile_summary.

export function readStoredSummary(): string {
  return aiSummaryKey.read();
}

/** Calls `listener` with the stored bio whenever it changes (here or in another tab). */
export function watchStoredSummary(listener: (summary: string) => void): () => void {
  return aiSummaryKey.subscribe(() => listener(readStoredSummary()));
}

export interface BioGenerator {
  /** Generates the bio from the current profile and stores it. Rejects with AppError('AI_FAILED') or 'STORAGE_FULL'. */
  generate(): Promise<string>;
  /**
   * For the onboarding finish: when no bio is stored yet, write one in the background. Returns at once so
   * navigation never waits; a failure is only logged. Calling it again while it runs starts nothing new.
   */
  startInBackground(): void;
}

/**
 * One generation at a time: a second request while one runs (the panel's Generate during the onboarding's
 * background run) joins it. The app creates one generator where it is assembled and gives it to both.
 */
export function createBioGenerator(): BioGenerator {
  let running: Promise<string> | null = null;
  const generate = () => {
    running ??= (async () => {
      const input = await assembleBioInput(loadProfile());
      const text = await generateProfileSummary(input);
      aiSummaryKey.write(text);
      return text;
    })().finally(() => {
      running = null;
    });
    return running;
  };
  return {
    generate,
    startInBackground() {
      if (running || readStoredSummary().trim() !== '') return;
      generate().catch((error: unknown) => {
        console.error('Background bio generation failed:', error);
      });
    },
  };
}
