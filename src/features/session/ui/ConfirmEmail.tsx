import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { emailChangeTexts as texts } from '../../../domain/emailChange';
import { confirmEmailActorsWith } from '../actors/confirmEmail.actors';
import { inspectOptions } from '../../../shared/ui/inspect';
import { Screen } from '../../../shared/ui/ScreenShell';
import { confirmEmailMachine } from '../machines/confirmEmail.machine';
import { SessionContext } from './SessionContext';
import '../../../shared/ui/styles/auth.css';

/** 'Confirm your new email', opened by a confirmation link (`?token=`); nothing changes until the button is pressed. */
export default function ConfirmEmail() {
  const [search] = useSearchParams();
  const session = SessionContext.useActorRef();
  const logic = useMemo(() => confirmEmailMachine.provide(confirmEmailActorsWith(session)), [session]);
  const actor = useActorRef(logic, { ...inspectOptions(), input: { token: search.get('token') ?? '' } });
  const confirming = useSelector(actor, (s) => s.matches('confirming'));
  const email = useSelector(actor, (s) => s.context.email);
  const linkInvalid = useSelector(actor, (s) => s.matches('linkInvalid'));
  const error = useSelector(actor, (s) => s.context.error);
  return (
    <Screen className="auth-screen">
      <main className="auth-card card">
        <div className="brand">
          <h1>{texts.confirmHeading}</h1>
        </div>
        <div role="status" aria-live="polite">
          {email !== null ? <p className="security-notice">{texts.confirmed(email)}</p> : null}
        </div>
        {linkInvalid ? <p className="alert" role="alert">{texts.linkInvalid}</p> : null}
        {error ? <p className="alert" role="alert">{error}</p> : null}
        {email === null && !linkInvalid ? (
          <>
            <p className="subtitle confirm-intro">{texts.confirmIntro}</p>
            <button type="button" className="btn btn-primary btn-block" disabled={confirming} aria-busy={confirming || undefined} onClick={() => actor.send({ type: 'CONFIRM' })}>
              {confirming ? texts.confirming : texts.confirm}
            </button>
          </>
        ) : (
          <p className="auth-switch">
            <Link to="/">{texts.openApp}</Link>
          </p>
        )}
      </main>
    </Screen>
  );
}
