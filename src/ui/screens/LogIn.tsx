import { useRef } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useNavigate } from 'react-router-dom';
import { logInMachine } from '../../machines/logIn.machine';
import type { LogInField } from '../../domain/validation';
import { Screen } from '../components/ScreenShell';
import { inspectOptions } from '../inspect';
import logo from '../logo.svg';
import '../styles/auth.css';

interface FieldSpec {
  field: LogInField;
  label: string;
  type: 'text' | 'password';
  autoComplete: string;
  placeholder: string;
}

const fields: FieldSpec[] = [
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
    <Screen leaving={leaving} className="auth-screen">
      <main className="auth-card card">
        <div className="brand">
          <img src={logo} alt="" width={56} height={56} />
          <h1>Log In</h1>
          <p className="subtitle">Welcome back to the Mycelius network</p>
        </div>
        <form
          className="auth-form"
          noValidate
          aria-label="Log In"
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'SUBMIT' });
          }}
        >
          {fields.map(({ field, label, type, autoComplete, placeholder }) => {
            const id = `login-${field}`;
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
            Log In
          </button>
        </form>
        <p className="auth-switch">
          Don&apos;t have an account?{' '}
          <button type="button" className="link-button" onClick={() => actor.send({ type: 'CREATE_ACCOUNT' })}>
            Create one
          </button>
        </p>
      </main>
    </Screen>
  );
}
