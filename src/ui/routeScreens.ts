/**
 * The lazy modules each fixed route always renders (see routes.tsx), by source path. The build gives each
 * route its own copy of index.html that preloads them (scripts/firstPaint.ts), so the browser fetches them
 * alongside the entry instead of one after another; tests/e2e/paint.e2e.ts proves none is missing.
 * Routes with parameters (/chat/:friendId, /games/:game/...) get the plain index.html.
 */
const LAYOUT = 'src/ui/components/AppLayout.tsx';
const screen = (name: string) => `src/ui/screens/${name}.tsx`;

export const ROUTE_SCREENS: Readonly<Record<string, readonly string[]>> = {
  '/auth': [screen('SignUp')],
  '/login': [screen('LogIn')],
  '/connections': [screen('Onboarding')],
  '/spotify/callback': [screen('SpotifyCallback')],
  '/callback': [screen('TraktCallback')],
  '/gameanim': [screen('GameAnim')],
  '/chat': [screen('Chat')],
  '/profile': [LAYOUT, screen('Profile')],
  '/dashboard': [LAYOUT, screen('Discover')],
  '/home': [LAYOUT, screen('Discover')],
  '/friends': [LAYOUT, screen('Friends')],
  '/games': [LAYOUT, screen('GamesHub')],
  '/settings': [LAYOUT, screen('Settings')],
  '/leaderboard': [LAYOUT, screen('Leaderboard')],
};

/** The splash leads to /auth after 3.5 s: fetching its screen early (low priority) spares that hand-over a spinner. */
export const SPLASH_NEXT = '/auth';
