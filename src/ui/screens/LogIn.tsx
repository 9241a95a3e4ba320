import { Screen } from '../components/ScreenShell';

export default function LogIn() {
  return (
    <Screen>
      <h1>Log In</h1>
      <p className="muted">Welcome back to the Mycelius network</p>
    </Screen>
  );
}
