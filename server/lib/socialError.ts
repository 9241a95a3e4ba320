import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { socialErrorTexts, type SocialErrorCode } from '../../src/domain/socialContract';

/** The error answer of the routes where members meet, with the one text the contract gives its code. */
export function socialError(c: Context, status: ContentfulStatusCode, code: SocialErrorCode) {
  return c.json({ error: { code, message: socialErrorTexts[code] } }, status);
}
