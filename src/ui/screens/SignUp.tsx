import { useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { Link, useNavigate } from 'react-router-dom';
import { signUpMachine } from '../../machines/signUp.machine';
import type { SignUpField } from '../../domain/validation';
import { Screen } from '../components/ScreenShell';
import { inspectOptions } from '../inspect';
import logo from '../logo.svg';
import '../styles/auth.css';

interface FieldSpec {
  field: SignUpField;
  label: string;
  type: 'text' | 'email' | 'password';
  autoComplete: string;
  placeholder: string;
}

const fields: FieldSpec[] = [
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
    <Screen leaving={leaving} className="auth-screen">
      <main className="auth-card card">
        <div className="brand">
          <img src={logo} alt="" width={56} height={56} />
          <h1>Create Account</h1>
          <p className="subtitle">Join the Mycelius network</p>
        </div>
        <form
          className="auth-form"
          noValidate
          aria-label="Create Account"
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'SUBMIT' });
          }}
        >
          {fields.map(({ field, label, type, autoComplete, placeholder }) => {
            const id = `signup-${field}`;
            const error = errors[field];
            return (
              <div className="field" key={field}>
                <label htmlFor={id}>{label}</label>
                <input
                  ref={(el) => {
                    inputs.current[field] = el;
                  }}
                  id={id}
                  name={field}
                  className="input"
                  type={type}
                  autoComplete={autoComplete}
                  placeholder={placeholder}
                  autoCapitalize={type === 'text' ? 'none' : undefined}
                  spellCheck={type === 'text' ? false : undefined}
                  value={values[field]}
                  readOnly={leaving}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                  onChange={(event) => actor.send({ type: 'CHANGE', field, value: event.target.value })}
                />
                {error && (
                  <p id={`${id}-error`} className="field-error">
                    {error}
                  </p>
                )}
              </div>
            );
          })}
          <button type="submit" className="btn btn-primary btn-block" disabled={leaving}>
            Sign Up
          </button>
        </form>
        <p className="auth-switch">
          Already have an account? <Link to="/login">Sign in</Link>
        </p>
      </main>
    </Screen>
  );
}
