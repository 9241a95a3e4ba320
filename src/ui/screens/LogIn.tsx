import { useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import { logInMachine } from '../../machines/logIn.machine';
import type { LogInField } from '../../domain/validation';
import { AuthForm, type AuthFieldSpec } from '../components/AuthForm';
import { inspectOptions } from '../inspect';

const fields: AuthFieldSpec<LogInField>[] = [
  { field: 'username', label: 'Username', type: 'text', autoComplete: 'username', placeholder: 'Enter your username' },
  { field: 'password', label: 'Password', type: 'password', autoComplete: 'current-password', placeholder: 'Enter your password' },
];

export default function LogIn() {
  const navigate = useNavigate();
  const inputs = useRef<Partial<Record<LogInField, HTMLInputElement | null>>>({});
  const actor = useActorRef(
    logInMachine.provide({
      actions: {
        goToConnections: () => navigate('/connections'),
        goToSignUp: () => navigate('/auth'),
        focusField: (_, { field }) => {
          if (field) inputs.current[field]?.focus();
        },
      },
    }),
    inspectOptions(),
  );
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, (s) => s.context.errors);
  const leaving = useSelector(actor, (s) => !s.matches('editing'));

  return (
    <AuthForm
      heading="Log In"
      subtitle="Welcome back to the Mycelius network"
      idPrefix="login"
      fields={fields}
      values={values}
      errors={errors}
      leaving={leaving}
      inputs={inputs}
      onChange={(field, value) => actor.send({ type: 'CHANGE', field, value })}
      onSubmit={() => actor.send({ type: 'SUBMIT' })}
      submitLabel="Log In"
    >
      Don&apos;t have an account?{' '}
      <button type="button" className="link-button" onClick={() => actor.send({ type: 'CREATE_ACCOUNT' })}>
        Create one
      </button>
    </AuthForm>
  );
}
