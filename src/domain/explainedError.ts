// Kept apart from errors.ts, which the first screen carries: only screens after it explain failures.
/**
 * A failure already put in words for a person: a feature's actor, which knows where the failure came from
 * (the server, the device), words it, and the machine that invoked the actor shows the text as it is.
 */
export class ExplainedError extends Error {
  readonly text: string;
  constructor(text: string, options: { cause?: unknown } = {}) {
    super(text, { cause: options.cause });
    this.name = 'ExplainedError';
    this.text = text;
  }
}

/** Runs `work`; a failure is rethrown as an ExplainedError worded by `explain`. */
export async function explainingFailure<T>(work: () => Promise<T>, explain: (error: unknown) => string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new ExplainedError(explain(error), { cause: error });
  }
}
