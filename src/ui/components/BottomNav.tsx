import { NavLink } from 'react-router-dom';
import { FriendsIcon, GamepadIcon, HomeIcon, SettingsIcon, TrophyIcon } from './Icons';

const ITEMS = [
  { to: '/friends', label: 'Friends', Icon: FriendsIcon },
  { to: '/leaderboard', label: 'Leaderboard', Icon: TrophyIcon },
  { to: '/home', label: 'Home', Icon: HomeIcon },
  { to: '/games', label: 'Games', Icon: GamepadIcon },
  { to: '/settings', label: 'Settings', Icon: SettingsIcon },
] as const;

export function BottomNav() {
  return (
    <nav className="bottom-nav" aria-label="Main">
      <ul>
        {ITEMS.map(({ to, label, Icon }) => (
          <li key={to}>
            <NavLink to={to} className={({ isActive }) => (isActive ? 'active' : undefined)}>
              <Icon />
              <span>{label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
