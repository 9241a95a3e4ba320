import { createActor, fromCallback, fromPromise } from 'xstate';
import type { SessionEvent } from '../../src/features/session/machines/session.machine';
import { sessionWith } from './session';

/** A signed-out session whose `logIn` or `signUp` answers with Mira and records what it was asked. */
export function sessionAsking(request: 'logIn' | 'signUp') {
  const mira = { id: 'm-1', username: 'mira', email: 'mira@example.com', createdAt: '2026-11-23T10:00:00.000Z' };
  const asked: unknown[] = [];
  const quiet = fromCallback<SessionEvent>(() => undefined);
  const session = createActor(
    sessionWith({
      checkSession: fromPromise(async () => null) as never,
      [request]: fromPromise(async ({ input }) => (asked.push(input), mira)),
      profileSync: quiet as never,
      hearSessionEnded: quiet,
    }),
  ).start();
  return { session, asked, mira };
}
