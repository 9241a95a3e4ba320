import { fromPromise } from 'xstate';
import type { ModerationEntry } from '../../../domain/adminContract';
import type { ActionForm, ConsoleData } from '../machines/adminConsole.machine';
import { act, loadConsole } from '../services/admin';

// The console machine's server calls, given where the app is assembled (src/app/AdminRoute.tsx).

export const adminActors = {
  loadConsole: fromPromise<ConsoleData>(() => loadConsole()),
  act: fromPromise<ModerationEntry, ActionForm>(({ input }) => act(input)),
};
export type AdminActors = typeof adminActors;
