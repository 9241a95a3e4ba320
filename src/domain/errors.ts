// Typed failures that cross layers. Their user-visible texts are mapped in one place: errorText.ts.
export type AppErrorCode =
  | 'TOKEN_EXPIRED'
  | 'MUSIC_FETCH_FAILED'
  | 'TRACKING_FETCH_FAILED'
  | 'STEAM_FETCH_FAILED'
  | 'STEAM_INVALID_INPUT'
  | 'STEAM_RESOLVE_HTTP'
  | 'STEAM_RESOLVE_NO_ID'
  | 'STEAM_RESOLVE_NETWORK'
  | 'STEAM_PROFILE_NOT_FOUND'
  | 'STEAM_CONNECT_FAILED'
  | 'SERVICE_NOT_CONNECTED'
  | 'AI_FAILED'
  | 'AI_RATE_LIMITED'
  | 'STORAGE_FULL'
  | 'PICTURE_NOT_IMAGE'
  | 'PICTURE_UNREADABLE'
  | 'NETWORK'
  | 'HTTP';

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly status?: number;
  constructor(code: AppErrorCode, options: { status?: number; cause?: unknown; message?: string } = {}) {
    super(options.message ?? code, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = options.status;
  }
}

export function isAppError(error: unknown, code?: AppErrorCode): error is AppError {
  return error instanceof AppError && (code === undefined || error.code === code);
}

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
