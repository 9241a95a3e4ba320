import { createActorContext } from '@xstate/react';
import { sessionMachine } from '../machines/session.machine';

/** The app's one session actor, created by SessionRoot and read by any screen below it. */
export const SessionContext = createActorContext(sessionMachine);
