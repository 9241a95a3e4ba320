import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { Splash } from './screens/Splash';

// Every screen but the first (the splash) is its own lazy chunk, and so is the session they share.
const SessionRoot = lazy(() => import('./session/SessionRoot'));
const AppLayout = lazy(() => import('./components/AppLayout'));
const SignUp = lazy(() => import('./screens/SignUp'));
const LogIn = lazy(() => import('./screens/LogIn'));
const Onboarding = lazy(() => import('./screens/Onboarding'));
const Profile = lazy(() => import('./screens/Profile'));
const Discover = lazy(() => import('./screens/Discover'));
const Friends = lazy(() => import('./screens/Friends'));
const GamesHub = lazy(() => import('./screens/GamesHub'));
const Settings = lazy(() => import('./screens/Settings'));
const Leaderboard = lazy(() => import('./screens/Leaderboard'));
const GameAnim = lazy(() => import('./screens/GameAnim'));
const Chat = lazy(() => import('./screens/Chat'));
const GameIntro = lazy(() => import('./screens/GameIntro'));
const GameChat = lazy(() => import('./screens/GameChat'));
const SpotifyCallback = lazy(() => import('./screens/SpotifyCallback'));
const TraktCallback = lazy(() => import('./screens/TraktCallback'));
const NotFound = lazy(() => import('./screens/NotFound'));

function Loading() {
  return (
    <div className="center-page" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}

export function AppRoutes() {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
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
      </Routes>
    </Suspense>
  );
}
