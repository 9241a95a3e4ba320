import type { ReactNode } from 'react';
import { fromPromise } from 'xstate';
import type { LoginRequest, Member, SignupRequest } from '../../src/domain/memberContract';
import type { UnreachableMember } from '../../src/features/session/services/auth';
import { sessionMachine } from '../../src/features/session/machines/session.machine';
import { SessionContext } from '../../src/features/session/ui/SessionContext';
import { PeopleFeatureActors } from '../../src/app/PeopleFeatureActors';

// Screens read the app's session from SessionContext; UI tests give them a real session machine whose
// server calls are fakes (no network), and whose profile sync does nothing.

export interface FakeServer {
  member?: Member | null;
  signUp?: (request: SignupRequest) => Promise<Member>;
  logIn?: (request: LoginRequest) => Promise<Member>;
  logOut?: () => Promise<void>;
  deleteAccount?: (password: string) => Promise<void>;
}

export const fakeMember: Member = { id: 'm-1', username: 'mira', email: 'mira@example.com', createdAt: '2026-11-23T10:00:00.000Z' };

export function fakeSessionLogic(server: FakeServer = {}) {
  return sessionMachine.provide({
    actors: {
      checkSession: fromPromise<Member | null | UnreachableMember>(async () => server.member ?? null),
      signUp: fromPromise(({ input }) => (server.signUp ?? (async () => fakeMember))(input)),
      logIn: fromPromise(({ input }) => (server.logIn ?? (async () => fakeMember))(input)),
      logOut: fromPromise(() => (server.logOut ?? (async () => undefined))()),
      deleteAccount: fromPromise(({ input }) => (server.deleteAccount ?? (async () => undefined))(input.password)),
      profileSync: fromPromise(() => new Promise<{ sessionEnded: true }>(() => undefined)) as never,
    },
  });
}

export function WithSession({ server, children }: { server?: FakeServer; children: ReactNode }) {
  // The people features' real actors: their server calls meet the test's fetch fake.
  return (
    <SessionContext.Provider logic={fakeSessionLogic(server)}>
      <PeopleFeatureActors>{children}</PeopleFeatureActors>
    </SessionContext.Provider>
  );
}
