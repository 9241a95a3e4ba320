/**
 * The lazy modules each fixed route always renders (see routes.tsx), by source path. The build gives each
 * route its own copy of index.html that preloads them (scripts/firstPaint.ts), so the browser fetches them
 * alongside the entry instead of one after another; tests/e2e/paint.e2e.ts proves none is missing.
 * Routes with parameters (/chat/:friendId, /games/:game/...) get the plain index.html.
 */
/** The main screens' frame; a route that needs it gets the frame prerendered into its page too. */
export const APP_LAYOUT = 'src/app/AppLayout.tsx';
/** The members session every route after /intro renders its screen inside (routes.tsx). */
export const SESSION_ROOT = 'src/app/SessionRoot.tsx';
/** A feature's screen, by the feature's folder and the screen's name. */
const screen = (feature: string, name: string) => `src/features/${feature}/ui/${name}.tsx`;

export const ROUTE_SCREENS: Readonly<Record<string, readonly string[]>> = {
  '/auth': [SESSION_ROOT, screen('session', 'SignUp')],
  '/login': [SESSION_ROOT, screen('session', 'LogIn')],
  '/connections': [SESSION_ROOT, screen('profile', 'Onboarding')],
  '/spotify/callback': [SESSION_ROOT, screen('profile', 'SpotifyCallback')],
  '/callback': [SESSION_ROOT, screen('profile', 'TraktCallback')],
  '/gameanim': [SESSION_ROOT, screen('games', 'GameAnim')],
  '/chat': [SESSION_ROOT, 'src/app/ChatRoute.tsx'],
  '/profile': [SESSION_ROOT, APP_LAYOUT, screen('profile', 'Profile')],
  '/dashboard': [SESSION_ROOT, APP_LAYOUT, screen('discover', 'Discover')],
  '/home': [SESSION_ROOT, APP_LAYOUT, screen('discover', 'Discover')],
  '/friends': [SESSION_ROOT, APP_LAYOUT, screen('friends', 'Friends')],
  '/games': [SESSION_ROOT, APP_LAYOUT, screen('games', 'GamesHub')],
  '/settings': [SESSION_ROOT, APP_LAYOUT, screen('settings', 'Settings')],
  '/leaderboard': [SESSION_ROOT, APP_LAYOUT, screen('games', 'Leaderboard')],
};

/** The splash leads to /auth after 3.5 s: fetching its screen early (low priority) spares that hand-over a spinner. */
export const SPLASH_NEXT = '/auth';
