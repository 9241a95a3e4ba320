import { Suspense, type ReactElement } from 'react';
import { createRoutesFromChildren, matchRoutes, Navigate, Route, Routes } from 'react-router-dom';
import { isLazyScreen, lazyScreen } from './lazyScreen';
import { Splash } from '../features/session/ui/Splash';
import { splashActors } from '../features/session/actors/splash.actors';

// Every screen but the first (the splash) is its own lazy chunk, and so is the session they share.
const SessionRoot = lazyScreen(() => import('./SessionRoot'));
const AppLayout = lazyScreen(() => import('./AppLayout'));
const SignUp = lazyScreen(() => import('../features/session/ui/SignUp'));
const LogIn = lazyScreen(() => import('../features/session/ui/LogIn'));
const Onboarding = lazyScreen(() => import('../features/profile/ui/Onboarding'));
const Profile = lazyScreen(() => import('../features/profile/ui/Profile'));
const Discover = lazyScreen(() => import('../features/discover/ui/Discover'));
const Friends = lazyScreen(() => import('../features/friends/ui/Friends'));
const GamesHub = lazyScreen(() => import('../features/games/ui/GamesHub'));
const Settings = lazyScreen(() => import('../features/settings/ui/Settings'));
const Leaderboard = lazyScreen(() => import('../features/games/ui/Leaderboard'));
const GameAnim = lazyScreen(() => import('../features/games/ui/GameAnim'));
const Chat = lazyScreen(() => import('./ChatRoute'));
const GameIntro = lazyScreen(() => import('../features/games/ui/GameIntro'));
const GameChat = lazyScreen(() => import('../features/games/ui/GameChat'));
const SpotifyCallback = lazyScreen(() => import('../features/profile/ui/SpotifyCallback'));
const TraktCallback = lazyScreen(() => import('../features/profile/ui/TraktCallback'));
// The catch-all's chunk also answers /admin and the password reset pages (each a chunk of its own): a route
// of their own here would add their chunks' names to the first screen's bytes, which are at their budget.
const NotFound = lazyScreen(() => import('./UnmatchedRoute'));

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
    <Route path="/intro" element={<Splash actors={splashActors} />} />
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
