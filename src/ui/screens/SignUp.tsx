import { useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link, useNavigate } from 'react-router-dom';
import { signUpMachine } from '../../machines/signUp.machine';
import type { SignUpField } from '../../domain/validation';
import { AuthForm, type AuthFieldSpec } from '../components/AuthForm';
import { inspectOptions } from '../inspect';

const fields: AuthFieldSpec<SignUpField>[] = [
  { field: 'username', label: 'Username', type: 'text', autoComplete: 'username', placeholder: 'Choose a username' },
  { field: 'email', label: 'Email', type: 'email', autoComplete: 'email', placeholder: 'you@example.com' },
  { field: 'password', label: 'Password', type: 'password', autoComplete: 'new-password', placeholder: 'At least 6 characters' },
  { field: 'confirmPassword', label: 'Confirm Password', type: 'password', autoComplete: 'new-password', placeholder: 'Repeat your password' },
];

export default function SignUp() {
  const navigate = useNavigate();
  const inputs = useRef<Partial<Record<SignUpField, HTMLInputElement | null>>>({});
  const actor = useActorRef(
    signUpMachine.provide({
      actions: {
        goToConnections: () => navigate('/connections'),
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
      heading="Create Account"
      subtitle="Join the Mycelius network"
      idPrefix="signup"
      fields={fields}
      values={values}
      errors={errors}
      leaving={leaving}
      inputs={inputs}
      onChange={(field, value) => actor.send({ type: 'CHANGE', field, value })}
      onSubmit={() => actor.send({ type: 'SUBMIT' })}
      submitLabel="Sign Up"
    >
      Already have an account? <Link to="/login">Sign in</Link>
    </AuthForm>
  );
}
