import { Link } from 'react-router-dom';
import { Screen } from './ScreenShell';

export default function NotFound() {
  return (
    <Screen className="center-page">
      <h1>Page not found</h1>
      <p className="muted">There is nothing at this address. It may have moved, or the link may be mistyped.</p>
      <Link className="btn btn-primary" to="/home">Go to Home</Link>
    </Screen>
  );
}
