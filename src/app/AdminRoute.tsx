import { adminActors } from '../features/admin/actors/admin.actors';
import { AdminActorsContext } from '../features/admin/ui/AdminActors';
import AdminConsole from '../features/admin/ui/AdminConsole';
import { useSessionMode } from '../features/session/ui/SocialContext';
import NotFound from '../shared/ui/NotFound';

/**
 * /admin, its own chunk: guests get the app's not-found screen at once; a member's console asks the
 * server, which answers anyone but an operator as an unknown route (then the same not-found screen).
 */
export default function AdminRoute() {
  const mode = useSessionMode();
  if (mode === 'guest') return <NotFound />;
  if (mode === 'checking') {
    return (
      <div className="center-page" role="status" aria-live="polite">
        <div className="spinner" aria-hidden="true" />
      </div>
    );
  }
  return (
    <AdminActorsContext.Provider value={adminActors}>
      <AdminConsole />
    </AdminActorsContext.Provider>
  );
}
