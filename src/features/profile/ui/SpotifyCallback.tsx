import { OAuthCallbackScreen } from './OAuthCallbackScreen';

export default function SpotifyCallback() {
  return <OAuthCallbackScreen provider="spotify" />;
}
