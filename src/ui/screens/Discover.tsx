import { Screen } from '../components/ScreenShell';

export default function Discover() {
  return (
    <Screen>
      <h1>Discover Friends</h1>
      <p className="muted">People ranked by how much you have in common.</p>
    </Screen>
  );
}
