import {
  memberErrorTexts,
  tooManyAttemptsText,
  type MemberErrorCode,
  type MemberField,
} from './memberContract';
import { suspendedText } from './moderation';

/** A members route answered with an error, or could not be reached (code OFFLINE). */
export class MemberApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly field?: MemberField;
  readonly retryAfterSeconds?: number;
  /** The server's own text, used only for its field checks (INVALID_INPUT), which repeat the contract's texts. */
  readonly serverMessage?: string;
  /** ACCOUNT_SUSPENDED: the end of the suspension (ISO), null when permanent. */
  readonly suspendedUntil?: string | null;
  constructor(
    code: string,
    options: { status?: number; field?: MemberField; retryAfterSeconds?: number; serverMessage?: string; suspendedUntil?: string | null; cause?: unknown } = {},
  ) {
    super(`Members call failed: ${code}`, { cause: options.cause });
    this.name = 'MemberApiError';
    this.code = code;
    this.status = options.status ?? 0;
    this.field = options.field;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.serverMessage = options.serverMessage;
    this.suspendedUntil = options.suspendedUntil;
  }
}

/** What a person is told about a failed members call, and the form field it belongs under (if any). */
export interface MemberFailure {
  code: string;
  message: string;
  field?: MemberField;
}

// Uniqueness failures concern one field even if a server forgets to say which.
const fieldByCode: Partial<Record<string, MemberField>> = { USERNAME_TAKEN: 'username', EMAIL_TAKEN: 'email' };

function isKnownCode(code: string): code is MemberErrorCode {
  return Object.hasOwn(memberErrorTexts, code);
}

/** Thrown by the session bridge when the session machine reports a failed request. */
export class MemberRequestFailed extends Error {
  readonly failure: MemberFailure;
  constructor(failure: MemberFailure) {
    super(failure.message);
    this.name = 'MemberRequestFailed';
    this.failure = failure;
  }
}

/** The one mapping from a members failure to the contract's text (memberContract.ts). */
export function memberFailure(error: unknown): MemberFailure {
  if (error instanceof MemberRequestFailed) return error.failure;
  if (!(error instanceof MemberApiError)) return { code: 'SERVER', message: memberErrorTexts.SERVER };
  const field = error.field ?? fieldByCode[error.code];
  if (error.code === 'TOO_MANY_ATTEMPTS') {
    return { code: error.code, message: tooManyAttemptsText(error.retryAfterSeconds ?? 60) };
  }
  if (error.code === 'ACCOUNT_SUSPENDED') {
    return { code: error.code, message: suspendedText(error.suspendedUntil ? new Date(error.suspendedUntil) : null) };
  }
  // A field the server checked beyond the client (e.g. a username over its length) carries SPEC-style text.
  if (error.code === 'INVALID_INPUT' && field && error.serverMessage) return { code: error.code, message: error.serverMessage, field };
  const message = isKnownCode(error.code) ? memberErrorTexts[error.code] : memberErrorTexts.SERVER;
  return field ? { code: error.code, message, field } : { code: error.code, message };
}

export function isSessionEnded(error: unknown): boolean {
  return memberFailure(error).code === 'UNAUTHENTICATED';
}
