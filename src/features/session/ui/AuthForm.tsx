import type { ReactNode } from 'react';
import type { AnyActorRef } from 'xstate';
import { useSelector } from '@xstate/react';
import type { FormContext, FormEvent } from '../machines/formFlow';
import { Screen } from '../../../shared/ui/ScreenShell';
import logo from '../../../shared/ui/logo.svg';
import type { FieldInputs } from '../../../shared/ui/useFieldFocus';
import '../../../shared/ui/styles/auth.css';

export interface AuthFieldSpec<F extends string> {
  field: F;
  label: string;
  type: 'text' | 'email' | 'password';
  autoComplete: string;
  placeholder: string;
}

/** What the form needs from a log-in or sign-up actor (both follow machines/formFlow.ts). */
export interface AuthFormActor<F extends string> extends Pick<AnyActorRef, 'subscribe'> {
  send: (event: FormEvent<F>) => void;
  getSnapshot: () => { context: FormContext<F>; matches: (state: 'submitting' | 'leaving' | 'done') => boolean };
}


interface AuthFormProps<F extends string> {
  /** The screen's h1, also the form's accessible name. */
  heading: string;
  subtitle: string;
  /** Prefix of every input id (`<idPrefix>-<field>`), so the two auth screens never share ids. */
  idPrefix: string;
  fields: readonly AuthFieldSpec<F>[];
  actor: AuthFormActor<F>;
  /** From useFieldFocus: filled with each field's input so focusField can focus the first invalid one. */
  inputs: FieldInputs<F>;
  submitLabel: string;
  /** The submit button's text while the server is asked. */
  busyLabel: string;
  /** The line under the form that switches to the other auth screen. */
  children: ReactNode;
  /** Whether 'Continue as guest' is offered (not on the password reset screens, which are about an account). */
  offerGuest?: boolean;
  /** Shown between the form and the switch line (the log-in screen's 'Forgot password?'). */
  afterForm?: ReactNode;
}

/** The frame both auth screens share: brand, a labelled form whose errors sit under their fields, and a switch line. */
export function AuthForm<F extends string>({
  heading,
  subtitle,
  idPrefix,
  fields,
  actor,
  inputs,
  submitLabel,
  busyLabel,
  children,
  offerGuest = true,
  afterForm,
}: AuthFormProps<F>) {
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, (s) => s.context.errors);
  const serverError = useSelector(actor, (s) => s.context.serverError);
  const busy = useSelector(actor, (s) => s.matches('submitting'));
  // Once accepted the screen fades out and stops accepting input.
  const leaving = useSelector(actor, (s) => s.matches('leaving') || s.matches('done'));
  const formErrorId = `${idPrefix}-form-error`;
  const formError = serverError && !serverError.field ? serverError.message : null;

  return (
    <Screen leaving={leaving} className="auth-screen">
      <main className="auth-card card">
        <div className="brand">
          <img src={logo} alt="" width={56} height={56} />
          <h1>{heading}</h1>
          <p className="subtitle">{subtitle}</p>
        </div>
        <form
          className="auth-form"
          noValidate
          aria-label={heading}
          aria-describedby={formError ? formErrorId : undefined}
          aria-busy={busy || undefined}
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'SUBMIT' });
          }}
        >
          {fields.map(({ field, label, type, autoComplete, placeholder }) => {
            const id = `${idPrefix}-${field}`;
            // The server's reason for this field shows where a client message would, once the value is valid.
            const error = errors[field] ?? (serverError?.field === field ? serverError.message : undefined);
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
                  readOnly={leaving || busy}
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
          {formError && (
            <p id={formErrorId} className="alert form-error" role="alert">
              {formError}
            </p>
          )}
          <button type="submit" className="btn btn-primary btn-block" disabled={leaving || busy} aria-busy={busy || undefined}>
            {busy ? busyLabel : submitLabel}
          </button>
        </form>
        {afterForm}
        <p className="auth-switch">{children}</p>
        {offerGuest && (
          <div className="auth-guest">
            <span className="auth-or" aria-hidden="true">or</span>
            <button
              type="button"
              className="btn btn-outline btn-block"
              aria-describedby={`${idPrefix}-guest-hint`}
              disabled={leaving || busy}
              onClick={() => actor.send({ type: 'CONTINUE_AS_GUEST' })}
            >
              Continue as guest
            </button>
            <p id={`${idPrefix}-guest-hint`} className="auth-guest-hint">
              No account: your profile, friends and chats stay on this device only.
            </p>
          </div>
        )}
      </main>
    </Screen>
  );
}
