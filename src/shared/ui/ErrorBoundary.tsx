import { Component, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/** A screen that fails shows a way forward instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error) {
    console.error('Screen failed:', error);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <main className="center-page" role="alert">
        <h1>Something went wrong</h1>
        <p className="muted">This screen hit an unexpected problem. Your data is still saved.</p>
        <div className="row">
          <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
            Reload
          </button>
          <a className="btn btn-outline" href="/home">Go home</a>
        </div>
      </main>
    );
  }
}
