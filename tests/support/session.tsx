import { useState, type ReactNode } from 'react';
import { fromPromise } from 'xstate';
import type { LoginRequest, Member, SignupRequest } from '../../src/domain/memberContract';
import type { UnreachableMember } from '../../src/domain/memberContract';
import { sessionMachine } from '../../src/features/session/machines/session.machine';
import { SessionContext } from '../../src/features/session/ui/SessionContext';
import { sessionImplementations } from '../../src/features/session/actors/session.actors';
import { createProfileSync } from '../../src/features/session/services/profileSync';
import { createSessionLogic } from '../../src/app/sessionLogic';
import { PeopleFeatureActors } from '../../src/app/PeopleFeatureActors';
import { SessionFeatureActors } from '../../src/app/SessionFeatureActors';
import { createViewerSource, type ViewerSource } from '../../src/shared/session/viewer';
import { WithViewerSource } from './viewer';

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

export function fakeSessionLogic(server: FakeServer = {}, viewer: ViewerSource = createViewerSource()) {
  // The device side is real (who the app serves, what Log Out forgets); the server is the fake below.
  return createSessionLogic(viewer).provide({
    actors: {
      checkSession: fromPromise<Member | null | UnreachableMember>(async () => server.member ?? null),
      signUp: fromPromise(({ input }) => (server.signUp ?? (async () => fakeMember))(input)),
      logIn: fromPromise(({ input }) => (server.logIn ?? (async () => fakeMember))(input)),
      logOut: fromPromise<undefined>(async () => {
        await (server.logOut ?? (async () => undefined))();
        return undefined;
      }),
      deleteAccount: fromPromise<undefined, { password: string }>(async ({ input }) => {
        await (server.deleteAccount ?? (async () => undefined))(input.password);
        return undefined;
      }),
      profileSync: fromPromise(() => new Promise<{ sessionEnded: true }>(() => undefined)) as never,
    },
  });
}

export function WithSession({ server, children }: { server?: FakeServer; children: ReactNode }) {
  // One viewer source, as in the app: the session announces on it and the features' actors read it.
  const [viewer] = useState(createViewerSource);
  // The people features' and the session screens' real actors: their server calls meet the test's fetch fake.
  return (
    <WithViewerSource viewer={viewer}>
      <SessionContext.Provider logic={fakeSessionLogic(server, viewer)}>
        <PeopleFeatureActors>
          <SessionFeatureActors>{children}</SessionFeatureActors>
        </PeopleFeatureActors>
      </SessionContext.Provider>
    </WithViewerSource>
  );
}

/** The session machine with its real IO (network faked at fetch by the test) but for the actors given. */
export function sessionWith(actors: NonNullable<Parameters<typeof sessionMachine.provide>[0]['actors']>, viewer: ViewerSource = createViewerSource()) {
  return createSessionLogic(viewer).provide({ actors });
}

/** The session's device-side actions (who the app serves, what it forgets), for a test that fakes all its actors. */
export function sessionDeviceActions(viewer: ViewerSource = createViewerSource()) {
  return sessionImplementations(createProfileSync(), viewer).actions;
}
