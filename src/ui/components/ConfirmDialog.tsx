import { useId, useRef } from 'react';
import { useModalDialog } from '../hooks/useModalDialog';
import '../styles/social.css';

interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Where focus goes on close when the element that opened the dialog is gone (e.g. a removed row). */
  fallbackFocus?: () => HTMLElement | null;
}

/**
 * A modal confirmation on the native <dialog>: the browser traps focus, makes the page behind inert and
 * closes on Escape. Cancel gets the first focus so Enter never destroys anything by accident.
 */
export function ConfirmDialog({ title, message, confirmLabel, cancelLabel = 'Cancel', busy = false, onConfirm, onCancel, fallbackFocus }: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const messageId = useId();
  useModalDialog(ref, () => cancelRef.current, fallbackFocus);

  return (
    <dialog
      ref={ref}
      className="confirm-dialog"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <p id={messageId}>{message}</p>
      <div className="confirm-actions">
        <button ref={cancelRef} type="button" className="btn btn-outline" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </button>
        <button type="button" className="btn btn-danger-solid" onClick={onConfirm} disabled={busy} aria-busy={busy}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
