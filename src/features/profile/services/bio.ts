import { aiSummaryKey } from '../storage/aiSummary';
import { loadProfile } from '../../../shared/storage/profile';
import { generateProfileSummary } from '../../../shared/http/ai';
import { assembleBioInput } from './bioInput';

// The AI bio (docs/product.md section 4 "Bio generation"): written from the stored profile and connected services,
// stored under ai_profile_summary. One generation at a time: a second request while one runs joins it.

let running: Promise<string> | null = null;

export function readStoredSummary(): string {
  return aiSummaryKey.read();
}

/** Generates the bio from the current profile and stores it. Rejects with AppError('AI_FAILED') or 'STORAGE_FULL'. */
export function generateAndStoreSummary(): Promise<string> {
  running ??= (async () => {
    const input = await assembleBioInput(loadProfile());
    const text = await generateProfileSummary(input);
    aiSummaryKey.write(text);
    return text;
  })().finally(() => {
    running = null;
  });
  return running;
}

/**
 * For the onboarding finish: when no bio is stored yet, write one in the background. Returns at once so
 * navigation never waits; a failure is only logged. Calling it again while it runs starts nothing new.
 */
export function startBackgroundBioGeneration(): void {
  if (running || readStoredSummary().trim() !== '') return;
  generateAndStoreSummary().catch((error: unknown) => {
    console.error('Background bio generation failed:', error);
  });
}

/** Calls `listener` with the stored bio whenever it changes (here or in another tab). */
export function watchStoredSummary(listener: (summary: string) => void): () => void {
  return aiSummaryKey.subscribe(() => listener(readStoredSummary()));
}
