import { MemberApiError, memberFailure } from './memberFailure';
import { PASSKEY_ERROR_CODES, PasskeyNotUsed, passkeyTexts } from './passkeys';

const textByCode: Record<string, string> = {
  [PASSKEY_ERROR_CODES.challengeInvalid]: passkeyTexts.challengeInvalid,
  [PASSKEY_ERROR_CODES.notRecognised]: passkeyTexts.notRecognised,
  [PASSKEY_ERROR_CODES.notAdded]: passkeyTexts.notAdded,
  [PASSKEY_ERROR_CODES.limit]: passkeyTexts.limit,
  [PASSKEY_ERROR_CODES.notFound]: passkeyTexts.notFound,
};

/** The one text a person sees for a failed passkey step: the browser's, a passkey refusal's, or the members contract's. */
export function passkeyFailureText(error: unknown): string {
  if (error instanceof PasskeyNotUsed) return error.text;
  if (error instanceof MemberApiError && Object.hasOwn(textByCode, error.code)) return textByCode[error.code] as string;
  return memberFailure(error).message;
}
