import { Screen } from '../components/ScreenShell';

export default function Friends() {
  return (
    <Screen>
      <h1>Your Friends</h1>
      <p className="muted">Loading friends...</p>
    </Screen>
  );
}
