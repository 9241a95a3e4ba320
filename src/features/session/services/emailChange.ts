import { EMAIL_CHANGE_ROUTES, emailChangedSchema } from '../../../domain/emailChange';
import { memberCall } from '../../../shared/http/api';

/** Confirms an email change through its link's token; resolves with the member's email from now on. */
export async function confirmEmailChange(token: string): Promise<string> {
  const { email } = await memberCall(EMAIL_CHANGE_ROUTES.confirm, emailChangedSchema, { method: 'POST', body: { token } });
  return email;
}
