import { useActorRef } from '@xstate/react';
import { Link, useNavigate } from 'react-router-dom';
import { accountRecoveryTexts, FORGOT_PASSWORD_PATH } from '../../../domain/accountRecovery';
import type { LogInField } from '../../../domain/validation';
import { useFieldFocus } from '../../../shared/ui/useFieldFocus';
import { AuthForm, type AuthFieldSpec } from './AuthForm';
import { inspectOptions } from '../../../shared/ui/inspect';
import { useLogInMachine } from './AuthFormsActors';
import { PasskeySignIn } from './PasskeySignIn';

const fields: AuthFieldSpec<LogInField>[] = [
  { field: 'username', label: 'Username', type: 'text', autoComplete: 'username', placeholder: 'Enter your username' },
  { field: 'password', label: 'Password', type: 'password', autoComplete: 'current-password', placeholder: 'Enter your password' },
];

const texts = { heading: 'Log In', subtitle: 'Welcome back to the Mycelius network', submitLabel: 'Log In', busyLabel: 'Logging in…' };

export default function LogIn() {
  const navigate = useNavigate();
  const { inputs, focusField } = useFieldFocus<LogInField>();
  const machine = useLogInMachine();
  const actor = useActorRef(
    machine.provide({
      actions: {
        goToConnections: () => void navigate('/connections'),
        goToHome: () => void navigate('/home'),
        goToSignUp: () => void navigate('/auth'),
        focusField,
      },
    }),
    inspectOptions(),
  );

  return (
    <AuthForm
      {...texts}
      idPrefix="login"
      fields={fields}
      actor={actor}
      inputs={inputs}
      afterForm={
        <>
          <p className="auth-forgot">
            <Link to={FORGOT_PASSWORD_PATH}>{accountRecoveryTexts.forgotLink}</Link>
          </p>
          <PasskeySignIn />
        </>
      }
    >
      Don&apos;t have an account?{' '}
      <button type="button" className="link-button" onClick={() => actor.send({ type: 'CREATE_ACCOUNT' })}>
        Create one
      </button>
    </AuthForm>
  );
}
