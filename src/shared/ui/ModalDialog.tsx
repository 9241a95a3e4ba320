import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useModalDialog } from './useModalDialog';
import './styles/dialog.css';

interface ModalDialogProps {
  /** Id of the heading that names the dialog (aria-labelledby). */
  labelledBy: string;
  /** Id of the text that says what the dialog is about, if one does. */
  describedBy?: string;
  /** 'alertdialog' for a question that interrupts (leave, clear, log out); a plain dialog otherwise. */
  role?: 'dialog' | 'alertdialog';
  /** Extra class for the dialog's own layout; the shell (surface, width, backdrop) is shared. */
  className?: string;
  /** The control that takes focus when the dialog opens. */
  initialFocus: () => HTMLElement | null | undefined;
  /** Where focus goes on close when the element that opened the dialog is gone. */
  fallbackFocus?: () => HTMLElement | null;
  /** Escape (or the browser's own cancel) asks for this, unless `busy`. */
  onDismiss: () => void;
  /** While a request is on its way Escape does nothing, so the answer is never lost. */
  busy?: boolean;
  children: ReactNode;
}

/**
 * The one modal shell every dialog of the app uses, on the native <dialog> opened with showModal(): the browser
 * traps focus and makes the page behind inert; focus moves in on open and back to the opener on close; Escape
 * cancels. Each dialog supplies its heading (by id), its text and its buttons.
 */
export function ModalDialog({ labelledBy, describedBy, role = 'dialog', className, initialFocus, fallbackFocus, onDismiss, busy = false, children }: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useModalDialog(ref, initialFocus, fallbackFocus);

  const dismiss = () => {
    if (!busy) onDismiss();
  };
  // Escape is handled on keydown as well as on cancel: Chrome stops sending cancel for repeated Escapes
  // without a click in between, and the dialog must close every time.
  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    dismiss();
  };

  return (
    <dialog
      ref={ref}
      className={className ? `modal-dialog ${className}` : 'modal-dialog'}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        dismiss();
      }}
    >
      {children}
    </dialog>
  );
}
