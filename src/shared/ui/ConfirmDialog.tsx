import { useId, useRef, type ReactNode } from 'react';
import { ModalDialog } from './ModalDialog';
import './styles/social.css';

interface ConfirmDialogProps {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  busy?: boolean;
  /** 'danger' for an action that destroys something (red); 'primary' for one that does not. */
  tone?: 'danger' | 'primary';
  onConfirm: () => void;
  onCancel: () => void;
  /** Where focus goes on close when the element that opened the dialog is gone (e.g. a removed row). */
  fallbackFocus?: () => HTMLElement | null;
}

/**
 * A question the app asks before it acts (an alertdialog on the shared ModalDialog): Cancel gets the first
 * focus so Enter never destroys anything by accident, and Escape is Cancel.
 */
export function ConfirmDialog({ title, message, confirmLabel, cancelLabel = 'Cancel', busy = false, tone = 'danger', onConfirm, onCancel, fallbackFocus }: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const messageId = useId();

  return (
    <ModalDialog
      role="alertdialog"
      className="confirm-dialog"
      labelledBy={titleId}
      describedBy={messageId}
      initialFocus={() => cancelRef.current}
      fallbackFocus={fallbackFocus}
      onDismiss={onCancel}
      busy={busy}
    >
      <h2 id={titleId}>{title}</h2>
      <div id={messageId} className="confirm-message">{typeof message === 'string' ? <p>{message}</p> : message}</div>
      <div className="modal-dialog-actions">
        <button ref={cancelRef} type="button" className="btn btn-outline" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </button>
        <button type="button" className={`btn ${tone === 'danger' ? 'btn-danger-solid' : 'btn-primary'}`} onClick={onConfirm} disabled={busy} aria-busy={busy}>
          {confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}
