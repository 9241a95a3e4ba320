import { AppError, type AppErrorCode } from './errors';
import { ExplainedError } from './explainedError';
import { messages } from './messages';

// The one mapping from a typed failure to the docs/product.md text a user sees.
const textByCode: Partial<Record<AppErrorCode, string>> = {
  MUSIC_FETCH_FAILED: messages.music.fetchFailed,
  TRACKING_FETCH_FAILED: messages.tracking.fetchFailed,
  STEAM_FETCH_FAILED: messages.steam.fetchFailed,
  STEAM_INVALID_INPUT: messages.steam.invalidInput,
  STEAM_RESOLVE_HTTP: messages.steam.resolveHttpFailure,
  STEAM_RESOLVE_NO_ID: messages.steam.resolveNoSteamId,
  STEAM_RESOLVE_NETWORK: messages.steam.resolveNetworkFailure,
  STEAM_PROFILE_NOT_FOUND: messages.steam.profileNotFoundOrPrivate,
  STEAM_CONNECT_FAILED: messages.steam.connectFailed,
  AI_FAILED: messages.ai.summaryFailed,
  STORAGE_FULL: messages.storage.full,
  PICTURE_NOT_IMAGE: messages.profile.pictureNotImage,
  PICTURE_UNREADABLE: messages.profile.pictureUnreadable,
};

/** The docs/product.md text for a failure; `fallback` when the failure has no text of its own. */
export function messageFor(error: unknown, fallback: string): string {
  if (error instanceof ExplainedError) return error.text;
  if (error instanceof AppError) return textByCode[error.code] ?? fallback;
  return fallback;
}
