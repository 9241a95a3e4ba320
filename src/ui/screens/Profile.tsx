import { Screen } from '../components/ScreenShell';

export default function Profile() {
  return (
    <Screen>
      <h1>Your Profile</h1>
      <p className="muted">Edit your profile, connect services and generate your AI bio.</p>
    </Screen>
  );
}
