import { useSelector } from '@xstate/react';
import { useId, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { messages } from '../../../domain/messages';
import { REPORT_NOTE_MAX_LENGTH, REPORT_REASONS, reportReasonLabels } from '../../../domain/socialContract';
import type { QuotedLine } from '../../../domain/reportEvidence';
import type { personSafetyMachine } from '../machines/personSafety.machine';
import { ModalDialog } from '../../../shared/ui/ModalDialog';
import '../../../shared/ui/styles/safety.css';

type SafetyActor = ActorRefFrom<typeof personSafetyMachine>;
const texts = messages.safety;

/** 'Block nova?': says what blocking does; Cancel has the first focus so Enter never blocks by accident. */
export function BlockDialog({ actor }: { actor: SafetyActor }) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();
  const person = useSelector(actor, (s) => s.context.person);
  const error = useSelector(actor, (s) => s.context.error);
  const busy = useSelector(actor, (s) => s.matches('blocking'));
  const close = () => actor.send({ type: 'CANCEL' });
  const name = person?.username ?? '';

  return (
    <ModalDialog
      className="safety-dialog"
      labelledBy={titleId}
      describedBy={textId}
      initialFocus={() => cancelRef.current}
      onDismiss={close}
      busy={busy}
    >
      <h2 id={titleId}>{texts.blockTitle(name)}</h2>
      <p id={textId}>{texts.blockExplain}</p>
      {error ? <p className="alert" role="alert">{error}</p> : null}
      <div className="modal-dialog-actions">
        <button ref={cancelRef} type="button" className="btn btn-outline" onClick={close} disabled={busy}>
          {texts.cancel}
        </button>
        <button type="button" className="btn btn-danger-solid" onClick={() => actor.send({ type: 'CONFIRM_BLOCK' })} disabled={busy} aria-busy={busy}>
          {busy ? texts.blocking : texts.block}
        </button>
      </div>
    </ModalDialog>
  );
}

/** 'You blocked nova.': what the block did, until Done (a chat with them closes then). */
export function BlockedDialog({ actor }: { actor: SafetyActor }) {
  const doneRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const textId = useId();
  const name = useSelector(actor, (s) => s.context.person?.username ?? '');
  const close = () => actor.send({ type: 'CANCEL' });
  return (
    <ModalDialog className="safety-dialog" labelledBy={titleId} describedBy={textId} initialFocus={() => doneRef.current} onDismiss={close}>
      <h2 id={titleId}>{texts.blocked(name)}</h2>
      <p id={textId}>{texts.blockedExplain(name)}</p>
      <div className="modal-dialog-actions">
        <button ref={doneRef} type="button" className="btn btn-primary" onClick={close}>
          {texts.done}
        </button>
      </div>
    </ModalDialog>
  );
}

/** The message a report is about, as it was shown: its text, who sent it and when. */
function QuotedMessage({ line }: { line: QuotedLine }) {
  const headingId = useId();
  const when = new Date(line.sentAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section className="safety-quoted" aria-labelledby={headingId}>
      <h3 id={headingId} className="safety-quoted-heading">{texts.reportedMessage}</h3>
      <figure className="safety-quoted-figure">
        <blockquote className="safety-quoted-text">{line.text}</blockquote>
        <figcaption className="safety-quoted-caption">
          {`${line.sender}, `}
          <time dateTime={line.sentAt}>{when}</time>
        </figcaption>
      </figure>
    </section>
  );
}

/** 'Report nova': a reason (radio buttons), an optional note of up to 500 characters, then a thank-you. */
export function ReportDialog({ actor }: { actor: SafetyActor }) {
  const firstRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const noteId = useId();
  const countId = useId();
  const person = useSelector(actor, (s) => s.context.person);
  const quoted = useSelector(actor, (s) => (s.context.about !== null && 'line' in s.context.about ? (s.context.about.line ?? null) : null));
  const reason = useSelector(actor, (s) => s.context.reason);
  const note = useSelector(actor, (s) => s.context.note);
  const error = useSelector(actor, (s) => s.context.error);
  const busy = useSelector(actor, (s) => s.matches({ reporting: 'sending' }));
  const sent = useSelector(actor, (s) => s.matches({ reporting: 'sent' }));
  const doneRef = useRef<HTMLButtonElement>(null);
  const close = () => actor.send({ type: 'CANCEL' });
  const name = person?.username ?? '';

  return (
    <ModalDialog className="safety-dialog" labelledBy={titleId} initialFocus={() => firstRef.current} onDismiss={close} busy={busy}>
      <h2 id={titleId}>{texts.reportTitle(name)}</h2>
      {sent ? (
        <>
          <p className="safety-notice" role="status">{texts.reported(name)}</p>
          <div className="modal-dialog-actions">
            {/* eslint-disable-next-line jsx-a11y-x/no-autofocus -- the form that had focus is gone; Done is what remains */}
            <button ref={doneRef} type="button" className="btn btn-primary" onClick={close} autoFocus>
              {texts.done}
            </button>
          </div>
        </>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'SUBMIT_REPORT' });
          }}
        >
          <p className="safety-intro">{texts.reportIntro}</p>
          {quoted ? <QuotedMessage line={quoted} /> : null}
          <fieldset className="safety-reasons" disabled={busy}>
            <legend>{texts.reportReason}</legend>
            {REPORT_REASONS.map((value, index) => (
              <label key={value} className="safety-reason">
                <input
                  ref={index === 0 ? firstRef : undefined}
                  type="radio"
                  name="report-reason"
                  value={value}
                  checked={reason === value}
                  onChange={() => actor.send({ type: 'CHOOSE_REASON', reason: value })}
                />
                <span>{reportReasonLabels[value]}</span>
              </label>
            ))}
          </fieldset>
          <label htmlFor={noteId} className="safety-note-label">{texts.reportNote}</label>
          <textarea
            id={noteId}
            className="input safety-note"
            rows={3}
            maxLength={REPORT_NOTE_MAX_LENGTH}
            value={note}
            disabled={busy}
            aria-describedby={countId}
            onChange={(event) => actor.send({ type: 'EDIT_NOTE', note: event.target.value })}
          />
          <p id={countId} className="safety-count">{`${note.length}/${REPORT_NOTE_MAX_LENGTH}`}</p>
          {error ? <p className="alert" role="alert">{error}</p> : null}
          <div className="modal-dialog-actions">
            <button type="button" className="btn btn-outline" onClick={close} disabled={busy}>
              {texts.cancel}
            </button>
            <button type="submit" className="btn btn-danger-solid" disabled={busy || reason === null} aria-busy={busy}>
              {busy ? texts.reportSending : texts.reportSend}
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
