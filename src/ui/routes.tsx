import { Suspense, type ReactElement } from 'react';
import { createRoutesFromChildren, matchRoutes, Navigate, Route, Routes } from 'react-router-dom';
import { isLazyScreen, lazyScreen } from './lazyScreen';
import { Splash } from './screens/Splash';

// Every screen but the first (the splash) is its own lazy chunk, and so is the session they share.
const SessionRoot = lazyScreen(() => import('./session/SessionRoot'));
const AppLayout = lazyScreen(() => import('./components/AppLayout'));
const SignUp = lazyScreen(() => import('./screens/SignUp'));
const LogIn = lazyScreen(() => import('./screens/LogIn'));
const Onboarding = lazyScreen(() => import('./screens/Onboarding'));
const Profile = lazyScreen(() => import('./screens/Profile'));
const Discover = lazyScreen(() => import('./screens/Discover'));
const Friends = lazyScreen(() => import('./screens/Friends'));
const GamesHub = lazyScreen(() => import('./screens/GamesHub'));
const Settings = lazyScreen(() => import('./screens/Settings'));
const Leaderboard = lazyScreen(() => import('./screens/Leaderboard'));
const GameAnim = lazyScreen(() => import('./screens/GameAnim'));
const Chat = lazyScreen(() => import('./screens/Chat'));
const GameIntro = lazyScreen(() => import('./screens/GameIntro'));
const GameChat = lazyScreen(() => import('./screens/GameChat'));
const SpotifyCallback = lazyScreen(() => import('./screens/SpotifyCallback'));
const TraktCallback = lazyScreen(() => import('./screens/TraktCallback'));
const NotFound = lazyScreen(() => import('./screens/NotFound'));

function Loading() {
  return (
    <div className="center-page" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}

const routes = (
  <>
    <Route path="/" element={<Navigate to="/intro" replace />} />
    <Route path="/intro" element={<Splash />} />
    <Route element={<SessionRoot />}>
      <Route path="/auth" element={<SignUp />} />
      <Route path="/login" element={<LogIn />} />
      <Route path="/connections" element={<Onboarding />} />
      <Route path="/spotify/callback" element={<SpotifyCallback />} />
      <Route path="/callback" element={<TraktCallback />} />
      <Route path="/gameanim" element={<GameAnim />} />
      <Route path="/games/:game/anim" element={<GameIntro />} />
      <Route path="/games/:game/chat" element={<GameChat />} />
      <Route path="/chat" element={<Chat />} />
      <Route path="/chat/:friendId" element={<Chat />} />
      <Route element={<AppLayout />}>
        <Route path="/profile" element={<Profile />} />
        <Route path="/dashboard" element={<Discover />} />
        <Route path="/home" element={<Discover />} />
        <Route path="/friends" element={<Friends />} />
        <Route path="/games" element={<GamesHub />} />
        <Route path="/settings" element={<Settings />} />
        <Route path="/leaderboard" element={<Leaderboard />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Route>
  </>
);
const routeObjects = createRoutesFromChildren(routes);

/** Loads the lazy screens `pathname` renders, so the first render has them and needs no spinner. */
export function preloadScreens(pathname: string): Promise<unknown> {
  const matched = matchRoutes(routeObjects, pathname) ?? [];
  const screens = matched.map((m) => (m.route.element as ReactElement | null | undefined)?.type).filter(isLazyScreen);
  return Promise.all(screens.map((screen) => screen.preload()));
}

export function AppRoutes() {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>{routes}</Routes>
    </Suspense>
  );
}
