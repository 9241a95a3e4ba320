import { fromPromise } from 'xstate';
import { addedPasskeySchema, PASSKEY_ROUTES, passkeyListSchema, passkeyOptionsSchema, type Passkey } from '../../../domain/passkeys';
import { memberCall } from '../../../shared/http/api';
import { isSessionEnded } from '../../../shared/http/errors';
import type { SessionActor } from '../../session';

/** Confirms the password (the server answers with options), has the browser create the passkey, and keeps it. */
async function addPasskey(password: string, name: string): Promise<Passkey> {
  const { options } = await memberCall(PASSKEY_ROUTES.registrationOptions, passkeyOptionsSchema, { method: 'POST', body: { password } });
  // Fetched only now, when 'Add a passkey' was confirmed: Settings pays nothing for WebAuthn before.
  const { createPasskey } = await import('../../../shared/webauthn/passkeyCeremonies');
  const response = await createPasskey(options);
  const { passkey } = await memberCall(PASSKEY_ROUTES.passkeys, addedPasskeySchema, { method: 'POST', body: { response, ...(name ? { name } : {}) } });
  return passkey;
}

/** 'Passkeys' IO for the session: list, add, remove under /api/me/passkeys; a 401 ends the session. */
export function passkeysActorsWith(session: SessionActor) {
  const endOnUnauthenticated = (error: unknown): never => {
    if (isSessionEnded(error)) session.send({ type: 'SESSION_EXPIRED' });
    throw error;
  };
  return {
    loadPasskeys: fromPromise<Passkey[]>(async () => (await memberCall(PASSKEY_ROUTES.passkeys, passkeyListSchema).catch(endOnUnauthenticated)).passkeys),
    addPasskey: fromPromise<Passkey, { password: string; name: string }>(({ input }) => addPasskey(input.password, input.name).catch(endOnUnauthenticated)),
    removePasskey: fromPromise<unknown, { id: string }>(({ input }) => memberCall(PASSKEY_ROUTES.passkey(input.id), null, { method: 'DELETE' }).catch(endOnUnauthenticated)),
  };
}
