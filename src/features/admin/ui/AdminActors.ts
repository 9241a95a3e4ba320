import { createContext, useMemo } from 'react';
import type { AdminActors } from '../actors/admin.actors';
import { adminConsoleMachine } from '../machines/adminConsole.machine';
import { useProvided } from '../../../shared/ui/useProvided';

/** The console machine's server calls, given where the app is assembled (tests give fakes the same way). */
export const AdminActorsContext = createContext<AdminActors | null>(null);

export function useAdminConsoleMachine() {
  const actors = useProvided(AdminActorsContext, 'The console needs AdminActorsContext: provide adminActors above this screen.');
  return useMemo(() => adminConsoleMachine.provide({ actors }), [actors]);
}
