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

