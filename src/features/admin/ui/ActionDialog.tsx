import { useSelector } from '@xstate/react';
import { useId, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { actionButtonTexts, actionDialogTitle, consoleTexts, MODERATION_REASON_MAX_LENGTH, SUSPENSION_LENGTHS, suspensionLengthLabels } from '../../../domain/moderation';
import { ModalDialog } from '../../../shared/ui/ModalDialog';
import type { adminConsoleMachine } from '../machines/adminConsole.machine';

type ConsoleActor = ActorRefFrom<typeof adminConsoleMachine>;

/** An action's dialog: the length (to suspend) and the reason the log keeps; Cancel or Escape leaves it. */
export function ActionDialog({ actor, fallbackFocus }: { actor: ConsoleActor; fallbackFocus: () => HTMLElement | null }) {
  const form = useSelector(actor, (s) => s.context.form);
  const error = useSelector(actor, (s) => s.context.error);
  const busy = useSelector(actor, (s) => s.matches({ ready: 'acting' }));
  const titleId = useId();
  const reasonId = useId();
  const hintId = useId();
  const errorId = useId();
  const firstRef = useRef<HTMLInputElement>(null);
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  if (!form) return null;
  const close = () => actor.send({ type: 'CANCEL' });
  const danger = form.action === 'delete' || form.action === 'suspend';
  return (
    <ModalDialog
      className="admin-dialog"
      labelledBy={titleId}
      initialFocus={() => firstRef.current ?? reasonRef.current}
      fallbackFocus={fallbackFocus}
      onDismiss={close}
      busy={busy}
    >
      <h2 id={titleId}>{actionDialogTitle(form.action, form.target)}</h2>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'SUBMIT' });
        }}
      >
        {form.action === 'suspend' ? (
          <fieldset className="admin-lengths" disabled={busy}>
            <legend>{consoleTexts.length}</legend>
            {SUSPENSION_LENGTHS.map((length, index) => (
              <label key={length} className="admin-length">
                <input
                  ref={index === 0 ? firstRef : undefined}
                  type="radio"
                  name="suspension-length"
                  value={length}
                  checked={form.length === length}
                  onChange={() => actor.send({ type: 'CHANGE_LENGTH', length })}
                />
                <span>{suspensionLengthLabels[length]}</span>
              </label>
            ))}
          </fieldset>
        ) : null}
        <label htmlFor={reasonId} className="admin-reason-label">{consoleTexts.reason}</label>
        <textarea
          ref={reasonRef}
          id={reasonId}
          className="input admin-reason"
          rows={3}
          required
          maxLength={MODERATION_REASON_MAX_LENGTH}
          value={form.reason}
          disabled={busy}
          aria-invalid={error === consoleTexts.reasonRequired}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          onChange={(event) => actor.send({ type: 'CHANGE_REASON', value: event.target.value })}
        />
        <p id={hintId} className="admin-hint">{consoleTexts.reasonHint}</p>
        {error ? <p id={errorId} className="alert" role="alert">{error}</p> : null}
        <div className="modal-dialog-actions">
          <button type="button" className="btn btn-outline" onClick={close} disabled={busy}>
            {consoleTexts.cancel}
          </button>
          <button type="submit" className={danger ? 'btn btn-danger-solid' : 'btn btn-primary'} disabled={busy} aria-busy={busy}>
            {busy ? consoleTexts.working : actionButtonTexts[form.action]}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
