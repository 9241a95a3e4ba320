import { Link, useLocation } from 'react-router-dom';
import { liveTexts } from '../domain/liveContract';
import { messages } from '../domain/messages';
import { useUnreadMessageCount } from '../features/chat/ui/ConversationsContext';
import { useIncomingRequestCount } from '../features/friends/ui/FriendRequestsContext';
import { FriendsIcon, GamepadIcon, HomeIcon, SettingsIcon, TrophyIcon } from '../shared/ui/Icons';

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
  const unreadCount = useUnreadMessageCount();
  return (
    <nav className="bottom-nav" aria-label="Main">
      <ul>
        {ITEMS.map(({ to, label, Icon, also }) => {
          const current = pathname === to || (also as readonly string[]).includes(pathname);
          // A member's Friends tab counts the friend requests waiting for an answer and the unread messages.
          const requests = to === '/friends' ? requestCount : 0;
          const unread = to === '/friends' ? unreadCount : 0;
          const badge = requests + unread;
          const name =
            badge > 0
              ? `${label}${requests > 0 ? messages.requests.friendsTabCount(requests) : ''}${unread > 0 ? `, ${liveTexts.unread(unread)}` : ''}`
              : undefined;
          return (
            <li key={to}>
              <Link to={to} aria-current={current ? 'page' : undefined} aria-label={name}>
                <Icon />
                <span>{label}</span>
                {/* The count is drawn by CSS (data-count), so the name 'Friends, 1 request, 2 unread messages' still holds all visible text. */}
                {badge > 0 && <span className="nav-badge" data-count={badge} aria-hidden="true" />}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
