import { ACCOUNT_RECOVERY_ROUTES, passwordResetRequestedSchema } from '../../../domain/accountRecovery';
import { authResponseSchema, type Member } from '../../../domain/memberContract';
import { memberCall } from '../../../shared/http/api';

/** Asks for a reset link for `email`; resolves with the server's one answer. */
export async function requestPasswordReset(email: string): Promise<string> {
  const { message } = await memberCall(ACCOUNT_RECOVERY_ROUTES.requestReset, passwordResetRequestedSchema, { method: 'POST', body: { email } });
  return message;
}

/** Sets the password through the link's token; the server signs this browser in as the member. */
export async function confirmPasswordReset(token: string, password: string): Promise<Member> {
  const { user } = await memberCall(ACCOUNT_RECOVERY_ROUTES.confirmReset, authResponseSchema, { method: 'POST', body: { token, password } });
  return user;
}
