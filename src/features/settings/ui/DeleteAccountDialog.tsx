import { useSelector } from '@xstate/react';
import { useId, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { accountDeletionMachine } from '../machines/accountDeletion.machine';
import { ModalDialog } from '../../../shared/ui/ModalDialog';
import { TextField } from '../../../shared/ui/TextField';
import '../../../shared/ui/styles/social.css';

/**
 * The password confirmation for 'Delete account' on the shared ModalDialog: focus starts in the
 * password box, Escape and Cancel close it, and a refusal is announced and tied to the box.
 */
export function DeleteAccountDialog({ actor }: { actor: ActorRefFrom<typeof accountDeletionMachine> }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const inputId = useId();
  const password = useSelector(actor, (s) => s.context.password);
  const error = useSelector(actor, (s) => s.context.error);
  const busy = useSelector(actor, (s) => s.matches('deleting'));

  return (
    <ModalDialog
      className="confirm-dialog delete-account-dialog"
      labelledBy={titleId}
      describedBy={descriptionId}
      initialFocus={() => inputRef.current}
      onDismiss={() => actor.send({ type: 'CANCEL' })}
      busy={busy}
    >
      <h2 id={titleId}>Delete account</h2>
      <p id={descriptionId} className="muted">
        This permanently deletes your account and everything the server keeps about you. It cannot be undone. Enter your password
        to confirm.
      </p>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'SUBMIT' });
        }}
      >
        <TextField
          id={inputId}
          inputRef={inputRef}
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          readOnly={busy}
          error={error}
          onValueChange={(value) => actor.send({ type: 'CHANGE', value })}
        />
        <div className="modal-dialog-actions">
          <button type="button" className="btn btn-outline" onClick={() => actor.send({ type: 'CANCEL' })} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-danger-solid" disabled={busy} aria-busy={busy || undefined}>
            {busy ? 'Deleting…' : 'Delete account'}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
