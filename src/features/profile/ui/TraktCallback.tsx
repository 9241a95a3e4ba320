import { OAuthCallbackScreen } from './OAuthCallbackScreen';

export default function TraktCallback() {
  return <OAuthCallbackScreen provider="trakt" />;
}
