import { useActorRef, useSelector } from '@xstate/react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { accountRecoveryTexts as texts, FORGOT_PASSWORD_PATH } from '../../../domain/accountRecovery';
import type { ResetPasswordField } from '../machines/resetPassword.machine';
import { inspectOptions } from '../../../shared/ui/inspect';
import { Screen } from '../../../shared/ui/ScreenShell';
import { useFieldFocus } from '../../../shared/ui/useFieldFocus';
import { AuthForm, type AuthFieldSpec } from './AuthForm';
import { useResetPasswordMachine } from './AuthFormsActors';

const fields: AuthFieldSpec<ResetPasswordField>[] = [
  { field: 'password', label: texts.newPasswordLabel, type: 'password', autoComplete: 'new-password', placeholder: 'At least 6 characters' },
  { field: 'confirmPassword', label: texts.confirmPasswordLabel, type: 'password', autoComplete: 'new-password', placeholder: 'Type it again' },
];

/** 'Choose a new password', opened by a reset link (`?token=`); a link that no longer works says so. */
export default function ResetPassword() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { inputs, focusField } = useFieldFocus<ResetPasswordField>();
  const machine = useResetPasswordMachine();
  const actor = useActorRef(
    machine.provide({ actions: { focusField, goToHome: () => void navigate('/home'), goToConnections: () => void navigate('/connections') } }),
    { ...inspectOptions(), input: { token: search.get('token') ?? '' } },
  );
  const linkInvalid = useSelector(actor, (s) => s.matches('linkInvalid'));

  if (linkInvalid) {
    return (
      <Screen className="auth-screen">
        <main className="auth-card card">
          <div className="brand">
            <h1>{texts.chooseHeading}</h1>
          </div>
          <p className="alert" role="alert">{texts.linkInvalid}</p>
          <p className="auth-switch">
            <Link to={FORGOT_PASSWORD_PATH}>{texts.askAgain}</Link>
          </p>
        </main>
      </Screen>
    );
  }
  return (
    <AuthForm
      heading={texts.chooseHeading}
      subtitle="Use it from now on to log in; every other device is signed out."
      idPrefix="reset"
      fields={fields}
      actor={actor}
      inputs={inputs}
      submitLabel={texts.savePassword}
      busyLabel={texts.saving}
      offerGuest={false}
    >
      <Link to="/login">{texts.backToLogIn}</Link>
    </AuthForm>
  );
}
