import { Outlet } from 'react-router-dom';
import { CommunityContext } from '../features/discover/ui/CommunityContext';
import { inspectOptions } from '../shared/ui/inspect';
import { BottomNav } from './BottomNav';
import { Header } from './Header';
import { PersonSafetyScope } from '../features/safety/ui/PersonSafetyScope';

/** The main screens: shared header, the screen, and the bottom navigation. The community filter lives here. */
export default function AppLayout() {
  return (
    <CommunityContext.Provider options={inspectOptions()}>
      <a className="skip-link" href="#main">Skip to content</a>
      <Header />
      <main id="main" className="app-main">
        {/* Block and report from any main screen; whoever is blocked stays hidden on all of them. */}
        <PersonSafetyScope>
          <Outlet />
        </PersonSafetyScope>
      </main>
      <BottomNav />
    </CommunityContext.Provider>
  );
}
