import { authResponseSchema, type Member } from '../../../domain/memberContract';
import { PASSKEY_ROUTES, passkeyOptionsSchema } from '../../../domain/passkeys';
import { memberCall } from '../../../shared/http/api';
import { askForPasskey } from '../../../shared/webauthn/passkeyCeremonies';

/** 'Sign in with a passkey': options from the server, the authenticator's answer, and the server signs this browser in. */
export async function signInWithPasskey(): Promise<Member> {
  const { options } = await memberCall(PASSKEY_ROUTES.signInOptions, passkeyOptionsSchema, { method: 'POST', body: {} });
  const response = await askForPasskey(options);
  const { user } = await memberCall(PASSKEY_ROUTES.signIn, authResponseSchema, { method: 'POST', body: { response } });
  return user;
}
