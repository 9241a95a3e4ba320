import { fromPromise } from 'xstate';
import { devicesResponseSchema, listedDevices, SECURITY_ROUTES, type ListedDevice } from '../../../domain/accountSecurity';
import { EMAIL_CHANGE_ROUTES, emailChangeRequestedSchema } from '../../../domain/emailChange';
import { memberCall } from '../../../shared/http/api';
import { isSessionEnded, MemberApiError } from '../../../shared/http/errors';
import type { SessionActor } from '../../session';

/** Settings' 'Security' IO for the session: a 401 ends the session (this device was signed out elsewhere). */
export function securityActorsWith(session: SessionActor) {
  const endOnUnauthenticated = (error: unknown): never => {
    if (isSessionEnded(error)) session.send({ type: 'SESSION_EXPIRED' });
    throw error;
  };
  return {
    emailChange: {
      actors: {
        // The address minus surrounding spaces; the answer is where the link went.
        requestEmailChange: fromPromise<string, { email: string; password: string }>(async ({ input }) => {
          const body = { email: input.email.trim(), password: input.password };
          const { email } = await memberCall(EMAIL_CHANGE_ROUTES.request, emailChangeRequestedSchema, { method: 'POST', body }).catch(endOnUnauthenticated);
          return email;
        }),
      },
    },
    changePassword: {
      actors: {
        changePassword: fromPromise<unknown, { currentPassword: string; newPassword: string }>(({ input }) =>
          memberCall(SECURITY_ROUTES.password, null, { method: 'PUT', body: input }).catch(endOnUnauthenticated),
        ),
      },
    },
    signedInDevices: {
      actors: {
        loadDevices: fromPromise<ListedDevice[]>(async () => listedDevices(await memberCall(SECURITY_ROUTES.devices, devicesResponseSchema).catch(endOnUnauthenticated))),
        endDevice: fromPromise<unknown, { id: string }>(({ input }) =>
          memberCall(SECURITY_ROUTES.device(input.id), null, { method: 'DELETE' }).catch((error: unknown) => {
            // Already gone (signed out elsewhere, or expired): what was asked is done.
            if (error instanceof MemberApiError && error.status === 404) return undefined;
            return endOnUnauthenticated(error);
          }),
        ),
        endOtherDevices: fromPromise(() => memberCall(SECURITY_ROUTES.devices, null, { method: 'DELETE' }).catch(endOnUnauthenticated)),
      },
    },
  };
}
export type SecurityActors = (session: SessionActor) => ReturnType<typeof securityActorsWith>;
