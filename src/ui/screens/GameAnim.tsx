import { Screen } from '../components/ScreenShell';

export default function GameAnim() {
  return (
    <Screen>
      <h1>Get ready</h1>
      <p className="muted">Your game is loading.</p>
    </Screen>
  );
}
