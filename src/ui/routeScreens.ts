/**
 * The lazy modules each fixed route always renders (see routes.tsx), by source path. The build gives each
 * route its own copy of index.html that preloads them (scripts/firstPaint.ts), so the browser fetches them
 * alongside the entry instead of one after another; tests/e2e/paint.e2e.ts proves none is missing.
 * Routes with parameters (/chat/:friendId, /games/:game/...) get the plain index.html.
 */
/** The main screens' frame; a route that needs it gets the frame prerendered into its page too. */
export const APP_LAYOUT = 'src/ui/components/AppLayout.tsx';
/** The members session every route after /intro renders its screen inside (routes.tsx). */
const SESSION_ROOT = 'src/ui/session/SessionRoot.tsx';
const screen = (name: string) => `src/ui/screens/${name}.tsx`;

export const ROUTE_SCREENS: Readonly<Record<string, readonly string[]>> = {
  '/auth': [SESSION_ROOT, screen('SignUp')],
  '/login': [SESSION_ROOT, screen('LogIn')],
  '/connections': [SESSION_ROOT, screen('Onboarding')],
  '/spotify/callback': [SESSION_ROOT, screen('SpotifyCallback')],
  '/callback': [SESSION_ROOT, screen('TraktCallback')],
  '/gameanim': [SESSION_ROOT, screen('GameAnim')],
  '/chat': [SESSION_ROOT, screen('Chat')],
  '/profile': [SESSION_ROOT, APP_LAYOUT, screen('Profile')],
  '/dashboard': [SESSION_ROOT, APP_LAYOUT, screen('Discover')],
  '/home': [SESSION_ROOT, APP_LAYOUT, screen('Discover')],
  '/friends': [SESSION_ROOT, APP_LAYOUT, screen('Friends')],
  '/games': [SESSION_ROOT, APP_LAYOUT, screen('GamesHub')],
  '/settings': [SESSION_ROOT, APP_LAYOUT, screen('Settings')],
  '/leaderboard': [SESSION_ROOT, APP_LAYOUT, screen('Leaderboard')],
};

/** The splash leads to /auth after 3.5 s: fetching its screen early (low priority) spares that hand-over a spinner. */
export const SPLASH_NEXT = '/auth';
