import { useActorRef } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import { splashMachine, type SplashActors } from '../machines/splash.machine';
import logo from '../../../shared/ui/logo.svg';
import { inspectOptions } from '../../../shared/ui/inspect';

export function Splash({ actors }: { actors: SplashActors }) {
  const navigate = useNavigate();
  useActorRef(
    splashMachine.provide({
      actors,
      actions: {
        goToAuth: () => void navigate('/auth', { replace: true }),
        goToDashboard: () => void navigate('/dashboard', { replace: true }),
      },
    }),
    inspectOptions(),
  );
  return (
    <main className="screen splash">
      <img src={logo} alt="Mycelius logo" width={112} height={112} />
      <h1>Mycelius</h1>
      <p className="tagline">Connect. Explore. Grow.</p>
    </main>
  );
}
