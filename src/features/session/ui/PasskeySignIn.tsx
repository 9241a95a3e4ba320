import { useActorRef, useSelector } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import { passkeyTexts } from '../../../domain/passkeys';
import { inspectOptions } from '../../../shared/ui/inspect';
import { usePasskeySignInMachine } from './AuthFormsActors';

/** The log-in screen's 'Sign in with a passkey': no name typed, the browser offers the member's passkeys. */
export function PasskeySignIn() {
  const navigate = useNavigate();
  const machine = usePasskeySignInMachine();
  const actor = useActorRef(
    machine.provide({ actions: { goToConnections: () => void navigate('/connections'), goToHome: () => void navigate('/home') } }),
    inspectOptions(),
  );
  const busy = useSelector(actor, (s) => s.matches('signingIn'));
  const error = useSelector(actor, (s) => s.context.error);
  return (
    <div className="auth-passkey">
      <button type="button" className="btn btn-outline btn-block" disabled={busy} aria-busy={busy || undefined} onClick={() => actor.send({ type: 'SIGN_IN' })}>
        {busy ? passkeyTexts.signingIn : passkeyTexts.signIn}
      </button>
      {error && (
        <p className="alert form-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
