import { Screen } from '../components/ScreenShell';

export default function Onboarding() {
  return (
    <Screen>
      <h1>Build Your Profile</h1>
      <p className="muted">Set up your profile and connect your accounts</p>
    </Screen>
  );
}
