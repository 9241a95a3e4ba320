import { Screen } from '../components/ScreenShell';

export default function Settings() {
  return (
    <Screen>
      <h1>Settings</h1>
      <p className="muted">v1.0.0</p>
    </Screen>
  );
}
