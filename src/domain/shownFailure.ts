import { messageFor } from './errorText';

// A machine shows a failure's text but may not import the http layer that knows the server's codes; the
// real actor translates at the edge (it knows which contract answered) and rejects with the text itself.

/** A failure whose message is already the text a person sees. */
export class ShownFailure extends Error {
  constructor(text: string, options: { cause?: unknown } = {}) {
    super(text, options);
    this.name = 'ShownFailure';
  }
}

/** Runs `work`; a failure rejects as a ShownFailure carrying `toText(failure)`. */
export async function showingFailure<T>(work: () => Promise<T>, toText: (error: unknown) => string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new ShownFailure(toText(error), { cause: error });
  }
}

/** The text a person sees for a failed actor: its own when translated, else the typed failure's, else `fallback`. */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof ShownFailure ? error.message : messageFor(error, fallback);
}
