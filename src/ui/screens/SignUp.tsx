import { Screen } from '../components/ScreenShell';

export default function SignUp() {
  return (
    <Screen>
      <h1>Create Account</h1>
      <p className="muted">Join the Mycelius network</p>
    </Screen>
  );
}
