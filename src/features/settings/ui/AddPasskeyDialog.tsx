import { useSelector } from '@xstate/react';
import { useId, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { PASSKEY_NAME_MAX_LENGTH, passkeyTexts as texts } from '../../../domain/passkeys';
import { ModalDialog } from '../../../shared/ui/ModalDialog';
import { TextField } from '../../../shared/ui/TextField';
import type { passkeysMachine } from '../machines/passkeys.machine';

/** 'Add a passkey': the password confirms it is the member, an optional name labels the passkey in the list. */
export function AddPasskeyDialog({ actor }: { actor: ActorRefFrom<typeof passkeysMachine> }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const passwordId = useId();
  const nameId = useId();
  const errorId = useId();
  const password = useSelector(actor, (s) => s.context.password);
  const name = useSelector(actor, (s) => s.context.name);
  const error = useSelector(actor, (s) => s.context.dialogError);
  const busy = useSelector(actor, (s) => s.matches('adding'));

  return (
    <ModalDialog
      className="confirm-dialog"
      labelledBy={titleId}
      describedBy={descriptionId}
      initialFocus={() => inputRef.current}
      onDismiss={() => actor.send({ type: 'CANCEL' })}
      busy={busy}
    >
      <h2 id={titleId}>{texts.confirmHeading}</h2>
      <p id={descriptionId} className="muted">
        {texts.confirmIntro}
      </p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'SUBMIT' });
        }}
      >
        <div className="field">
          <label htmlFor={passwordId}>{texts.passwordLabel}</label>
          <input
            ref={inputRef}
            id={passwordId}
            className="input"
            type="password"
            autoComplete="current-password"
            value={password}
            readOnly={busy}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => actor.send({ type: 'CHANGE_PASSWORD', value: event.target.value })}
          />
        </div>
        <TextField
          id={nameId}
          label={texts.nameLabel}
          type="text"
          autoComplete="off"
          maxLength={PASSKEY_NAME_MAX_LENGTH}
          value={name}
          readOnly={busy}
          onValueChange={(value) => actor.send({ type: 'CHANGE_NAME', value })}
        />
        {error && (
          <p id={errorId} className="field-error" role="alert">
            {error}
          </p>
        )}
        <div className="modal-dialog-actions">
          <button type="button" className="btn btn-outline" onClick={() => actor.send({ type: 'CANCEL' })} disabled={busy}>
            {texts.cancel}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? texts.adding : texts.continue}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
