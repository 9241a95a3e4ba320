import { useActorRef } from '@xstate/react';
import { Link, useNavigate } from 'react-router-dom';
import type { SignUpField } from '../../../domain/validation';
import { useFieldFocus } from '../../../shared/ui/useFieldFocus';
import { AuthForm, type AuthFieldSpec } from './AuthForm';
import { inspectOptions } from '../../../shared/ui/inspect';
import { useSignUpMachine } from './AuthFormsActors';

const fields: AuthFieldSpec<SignUpField>[] = [
  { field: 'username', label: 'Username', type: 'text', autoComplete: 'username', placeholder: 'Choose a username' },
  { field: 'email', label: 'Email', type: 'email', autoComplete: 'email', placeholder: 'you@example.com' },
  { field: 'password', label: 'Password', type: 'password', autoComplete: 'new-password', placeholder: 'At least 6 characters' },
  { field: 'confirmPassword', label: 'Confirm Password', type: 'password', autoComplete: 'new-password', placeholder: 'Repeat your password' },
];

const texts = { heading: 'Create Account', subtitle: 'Join the Mycelius network', submitLabel: 'Sign Up', busyLabel: 'Creating account…' };

export default function SignUp() {
  const navigate = useNavigate();
  const { inputs, focusField } = useFieldFocus<SignUpField>();
  const machine = useSignUpMachine();
  const actor = useActorRef(
    machine.provide({
      actions: { goToConnections: () => void navigate('/connections'), focusField },
    }),
    inspectOptions(),
  );

  return (
    <AuthForm {...texts} idPrefix="signup" fields={fields} actor={actor} inputs={inputs}>
      Already have an account? <Link to="/login">Sign in</Link>
    </AuthForm>
  );
}
