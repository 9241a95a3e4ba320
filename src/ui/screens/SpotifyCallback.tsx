import { Screen } from '../components/ScreenShell';

export default function SpotifyCallback() {
  return (
    <Screen className="center-page">
      <div className="spinner" aria-hidden="true" />
      <h1>Authenticating with Spotify...</h1>
      <p className="muted">Please wait while we complete the authentication process.</p>
    </Screen>
  );
}
