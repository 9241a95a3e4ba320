import { memberErrorTexts } from './memberContract';
import { socialErrorTexts, type SocialErrorCode } from './socialContract';
import { memberFailure, type MemberFailure } from './memberFailure';

// The one mapping from a failed social call (blocks, reports, settings) to the text a person sees: the social
// contract's text for its own codes, the members contract's for the rest (offline, server, session ended).

function isSocialCode(code: string): code is SocialErrorCode {
  return Object.hasOwn(socialErrorTexts, code);
}

export function socialFailure(error: unknown): MemberFailure {
  const failure = memberFailure(error);
  if (isSocialCode(failure.code)) return { code: failure.code, message: socialErrorTexts[failure.code] };
  // A 404 without a known body code still means the person is gone.
  if (failure.code === 'HTTP_404') return { code: 'NOT_FOUND', message: socialErrorTexts.NOT_FOUND };
  if (failure.code === 'HTTP_429') return { code: 'TOO_MANY_REQUESTS', message: socialErrorTexts.TOO_MANY_REQUESTS };
  return failure.message ? failure : { code: 'SERVER', message: memberErrorTexts.SERVER };
}

/** The text alone, for machines that keep only what is shown. */
export function socialFailureText(error: unknown): string {
  return socialFailure(error).message;
}
