import type { ReactNode, RefObject } from 'react';
import type { FieldErrors } from '../../domain/validation';
import { Screen } from './ScreenShell';
import logo from '../logo.svg';
import '../styles/auth.css';

export interface AuthFieldSpec<F extends string> {
  field: F;
  label: string;
  type: 'text' | 'email' | 'password';
  autoComplete: string;
  placeholder: string;
}

interface AuthFormProps<F extends string> {
  /** The screen's h1, also the form's accessible name. */
  heading: string;
  subtitle: string;
  /** Prefix of every input id (`<idPrefix>-<field>`), so the two auth screens never share ids. */
  idPrefix: string;
  fields: readonly AuthFieldSpec<F>[];
  values: Record<F, string>;
  errors: FieldErrors<F>;
  /** While leaving, the screen fades out and the form stops accepting input. */
  leaving: boolean;
  /** Filled with each field's input so the machine's focusField action can focus the first invalid one. */
  inputs: RefObject<Partial<Record<F, HTMLInputElement | null>>>;
  onChange: (field: F, value: string) => void;
  onSubmit: () => void;
  submitLabel: string;
  /** The line under the form that switches to the other auth screen. */
  children: ReactNode;
}

/** The frame both auth screens share: brand, a labelled form whose errors sit under their fields, and a switch line. */
export function AuthForm<F extends string>({
  heading,
  subtitle,
  idPrefix,
  fields,
  values,
  errors,
  leaving,
  inputs,
  onChange,
  onSubmit,
  submitLabel,
  children,
}: AuthFormProps<F>) {
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
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          {fields.map(({ field, label, type, autoComplete, placeholder }) => {
            const id = `${idPrefix}-${field}`;
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
                  onChange={(event) => onChange(field, event.target.value)}
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
            {submitLabel}
          </button>
        </form>
        <p className="auth-switch">{children}</p>
      </main>
    </Screen>
  );
}
