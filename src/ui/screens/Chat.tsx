import { Screen } from '../components/ScreenShell';

export default function Chat() {
  return (
    <Screen>
      <h1>Chat</h1>
      <p className="muted">Chat with your friends.</p>
    </Screen>
  );
}
