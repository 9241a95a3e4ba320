import { useActorRef, useSelector } from '@xstate/react';
import { Link } from 'react-router-dom';
import { accountRecoveryTexts as texts } from '../../../domain/accountRecovery';
import type { ForgotPasswordField } from '../machines/forgotPassword.machine';
import { inspectOptions } from '../../../shared/ui/inspect';
import { Screen } from '../../../shared/ui/ScreenShell';
import { useFieldFocus } from '../../../shared/ui/useFieldFocus';
import { AuthForm, type AuthFieldSpec } from './AuthForm';
import { useForgotPasswordMachine } from './AuthFormsActors';

const fields: AuthFieldSpec<ForgotPasswordField>[] = [
  { field: 'email', label: texts.emailLabel, type: 'email', autoComplete: 'email', placeholder: 'you@example.com' },
];

/** 'Reset your password': the address, then the server's one answer (whether it has an account is never told). */
export default function ForgotPassword() {
  const { inputs, focusField } = useFieldFocus<ForgotPasswordField>();
  const machine = useForgotPasswordMachine();
  const actor = useActorRef(machine.provide({ actions: { focusField } }), inspectOptions());
  const sent = useSelector(actor, (s) => (s.matches('done') ? s.context.sentMessage : null));

  if (sent !== null) {
    return (
      <Screen className="auth-screen">
        <main className="auth-card card">
          <div className="brand">
            <h1>{texts.forgotHeading}</h1>
          </div>
          <p role="status" className="auth-sent">{sent}</p>
          <p className="auth-switch">
            <Link to="/login">{texts.backToLogIn}</Link>
          </p>
        </main>
      </Screen>
    );
  }
  return (
    <AuthForm
      heading={texts.forgotHeading}
      subtitle={texts.forgotIntro}
      idPrefix="forgot"
      fields={fields}
      actor={actor}
      inputs={inputs}
      submitLabel={texts.sendLink}
      busyLabel={texts.sending}
      offerGuest={false}
    >
      <Link to="/login">{texts.backToLogIn}</Link>
    </AuthForm>
  );
}
