import { Link, useLocation } from 'react-router-dom';
import { messages } from '../../domain/messages';
import { useIncomingRequestCount } from '../session/SocialContext';
import { FriendsIcon, GamepadIcon, HomeIcon, SettingsIcon, TrophyIcon } from './Icons';

// `also` lists other paths of the same screen: /home and /dashboard are one screen.
const ITEMS = [
  { to: '/friends', label: 'Friends', Icon: FriendsIcon, also: [] },
  { to: '/leaderboard', label: 'Leaderboard', Icon: TrophyIcon, also: [] },
  { to: '/home', label: 'Home', Icon: HomeIcon, also: ['/dashboard'] },
  { to: '/games', label: 'Games', Icon: GamepadIcon, also: [] },
  { to: '/settings', label: 'Settings', Icon: SettingsIcon, also: [] },
] as const;

export function BottomNav() {
  const { pathname } = useLocation();
  const requestCount = useIncomingRequestCount();
  return (
    <nav className="bottom-nav" aria-label="Main">
      <ul>
        {ITEMS.map(({ to, label, Icon, also }) => {
          const current = pathname === to || (also as readonly string[]).includes(pathname);
          // A member's Friends tab counts the friend requests waiting for an answer.
          const badge = to === '/friends' && requestCount > 0 ? requestCount : 0;
          return (
            <li key={to}>
              <Link to={to} aria-current={current ? 'page' : undefined} aria-label={badge > 0 ? `${label}${messages.requests.friendsTabCount(badge)}` : undefined}>
                <Icon />
                <span>{label}</span>
                {/* The count is drawn by CSS (data-count), so the name 'Friends, 1 request' still holds all visible text. */}
                {badge > 0 && <span className="nav-badge" data-count={badge} aria-hidden="true" />}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
