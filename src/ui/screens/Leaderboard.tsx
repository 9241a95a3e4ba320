import { Screen } from '../components/ScreenShell';

export default function Leaderboard() {
  return (
    <Screen>
      <h1>Leaderboard</h1>
      <p className="muted">Total Points, Games Played, Hot Takes, Friends</p>
    </Screen>
  );
}
