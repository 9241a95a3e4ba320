/**
 * The lazy modules each fixed route always renders (see routes.tsx), by source path. The build gives each
 * route its own copy of index.html that preloads them (scripts/firstPaint.ts), so the browser fetches them
 * alongside the entry instead of one after another; tests/e2e/paint.e2e.ts proves none is missing.
 * Routes with parameters (/chat/:friendId, /games/:game/...) get the plain index.html.
 */
/** The main screens' frame; a route that needs it gets the frame prerendered into its page too. */
export const APP_LAYOUT = 'src/ui/components/AppLayout.tsx';
const screen = (name: string) => `src/ui/screens/${name}.tsx`;

export const ROUTE_SCREENS: Readonly<Record<string, readonly string[]>> = {
  '/auth': [screen('SignUp')],
  '/login': [screen('LogIn')],
  '/connections': [screen('Onboarding')],
  '/spotify/callback': [screen('SpotifyCallback')],
  '/callback': [screen('TraktCallback')],
  '/gameanim': [screen('GameAnim')],
  '/chat': [screen('Chat')],
  '/profile': [APP_LAYOUT, screen('Profile')],
  '/dashboard': [APP_LAYOUT, screen('Discover')],
  '/home': [APP_LAYOUT, screen('Discover')],
  '/friends': [APP_LAYOUT, screen('Friends')],
  '/games': [APP_LAYOUT, screen('GamesHub')],
  '/settings': [APP_LAYOUT, screen('Settings')],
  '/leaderboard': [APP_LAYOUT, screen('Leaderboard')],
};

/** The splash leads to /auth after 3.5 s: fetching its screen early (low priority) spares that hand-over a spinner. */
export const SPLASH_NEXT = '/auth';
