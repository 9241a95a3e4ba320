import { useActorRef, useSelector } from '@xstate/react';
import { useId, useRef } from 'react';
import { emailChangeTexts as texts } from '../../../domain/emailChange';
import { inspectOptions } from '../../../shared/ui/inspect';
import { TextField } from '../../../shared/ui/TextField';
import type { EmailChangeField } from '../machines/emailChange.machine';
import { useEmailChangeMachine } from './SecurityActors';

const fields: { field: EmailChangeField; label: string; type: string; autoComplete: string }[] = [
  { field: 'email', label: texts.newEmailLabel, type: 'email', autoComplete: 'email' },
  { field: 'password', label: texts.passwordLabel, type: 'password', autoComplete: 'current-password' },
];

/** Settings' 'Email' (members only): the account's address, and 'Change email' with a link to the new one. */
export function EmailSection({ email }: { email: string }) {
  const actor = useActorRef(useEmailChangeMachine(), inspectOptions());
  const open = useSelector(actor, (s) => s.matches('open') || s.matches('sending'));
  const sending = useSelector(actor, (s) => s.matches('sending'));
  const sentTo = useSelector(actor, (s) => (s.matches('sent') ? s.context.sentTo : null));
  const values = useSelector(actor, (s) => s.context.values);
  const errors = useSelector(actor, (s) => s.context.errors);
  const error = useSelector(actor, (s) => s.context.error);
  const changeButton = useRef<HTMLButtonElement>(null);
  const id = useId();
  const close = () => {
    actor.send({ type: 'CANCEL' });
    // The form goes away: focus returns to the button that opened it.
    requestAnimationFrame(() => changeButton.current?.focus());
  };
  return (
    <section className="card settings-section" aria-labelledby="settings-email">
      <h2 id="settings-email">{texts.heading}</h2>
      <div className="settings-action">
        <p className="setting-value">{texts.current(email)}</p>
        {!open && !sentTo ? (
          <button ref={changeButton} type="button" className="btn btn-outline btn-small" aria-expanded={false} onClick={() => actor.send({ type: 'OPEN' })}>
            {texts.change}
          </button>
        ) : null}
      </div>
      {open ? (
        <form
          className="security-form"
          aria-label={texts.dialogTitle}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'SUBMIT' });
          }}
        >
          {error && (
            <p className="alert" role="alert">
              {error}
            </p>
          )}
          {fields.map(({ field, label, type, autoComplete }, index) => (
            <TextField
              key={field}
              id={`${id}-${field}`}
              label={label}
              type={type}
              autoComplete={autoComplete}
              autoFocus={index === 0}
              value={values[field]}
              disabled={sending}
              error={errors[field]}
              onValueChange={(value) => actor.send({ type: 'CHANGE', field, value })}
            />
          ))}
          <div className="settings-form-actions">
            <button type="submit" className="btn btn-primary btn-small" disabled={sending} aria-busy={sending || undefined}>
              {sending ? texts.sending : texts.send}
            </button>
            <button type="button" className="btn btn-outline btn-small" disabled={sending} onClick={close}>
              {texts.cancel}
            </button>
          </div>
        </form>
      ) : null}
      <div role="status" aria-live="polite">
        {sentTo ? (
          <div className="settings-action">
            <p className="security-notice">{texts.sent(sentTo)}</p>
            <button type="button" className="btn btn-outline btn-small" onClick={close}>
              {texts.done}
            </button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
