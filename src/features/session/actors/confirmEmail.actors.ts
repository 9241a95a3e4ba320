import { fromPromise } from 'xstate';
import { confirmEmailChange } from '../services/emailChange';
import type { SessionActor } from './sessionRequests';

/**
 * The confirmation page's IO: the link's token to the server, then the session reads the member again. Given
 * by the page's own chunk rather than where the app is assembled: only a confirmation link loads it, and the
 * first screen's bundle has no room for it.
 */
export function confirmEmailActorsWith(session: SessionActor) {
  return {
    actors: { confirmEmail: fromPromise<string, { token: string }>(({ input }) => confirmEmailChange(input.token)) },
    actions: { refreshSession: () => session.send({ type: 'RECHECK' }) },
  };
}
