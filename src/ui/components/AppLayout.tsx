import { Outlet } from 'react-router-dom';
import { CommunityContext } from '../CommunityContext';
import { inspectOptions } from '../inspect';
import { BottomNav } from './BottomNav';
import { Header } from './Header';

/** The main screens: shared header, the screen, and the bottom navigation. The community filter lives here. */
export default function AppLayout() {
  return (
    <CommunityContext.Provider options={inspectOptions()}>
      <a className="skip-link" href="#main">Skip to content</a>
      <Header />
      <main id="main" className="app-main">
        <Outlet />
      </main>
      <BottomNav />
    </CommunityContext.Provider>
  );
}
