import { fromPromise } from 'xstate';
import { PRIVACY_SAFETY_ROUTE, privacySafetySchema, type PrivacySafety } from '../../../domain/privacySafety';
import { memberCall } from '../../../shared/http/api';
import { isSessionEnded } from '../../../shared/http/errors';
import type { SessionActor } from '../../session';

/** 'Privacy and safety' IO for the session: GET and PUT /api/me/safety; a 401 ends the session. */
export function privacySafetyActorsWith(session: SessionActor) {
  const endOnUnauthenticated = (error: unknown): never => {
    if (isSessionEnded(error)) session.send({ type: 'SESSION_EXPIRED' });
    throw error;
  };
  return {
    loadSafety: fromPromise<PrivacySafety>(() => memberCall(PRIVACY_SAFETY_ROUTE, privacySafetySchema).catch(endOnUnauthenticated)),
    saveSafety: fromPromise<PrivacySafety, PrivacySafety>(({ input }) =>
      memberCall(PRIVACY_SAFETY_ROUTE, privacySafetySchema, { method: 'PUT', body: input }).catch(endOnUnauthenticated),
    ),
  };
}
