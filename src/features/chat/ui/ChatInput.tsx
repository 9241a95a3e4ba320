import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type SubmitEvent } from 'react';
import { isSendable } from '../../../domain/chat';
import { AttachIcon, MicIcon, SendIcon } from './ChatIcons';

/** docs/product.md section 9: the input grows with its text between 44 and 120 px. */
export const INPUT_MIN_HEIGHT = 44;
export const INPUT_MAX_HEIGHT = 120;

interface ChatInputProps {
  placeholder: string;
  disabled: boolean;
  hint?: string;
  onSend: (text: string) => void;
  /** Each change of the draft (a member chat tells the friend it is typing). */
  onDraftChange?: (text: string) => void;
}

export function ChatInput({ placeholder, disabled, hint, onSend, onDraftChange }: ChatInputProps) {
  const [draft, setDraft] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const hintId = `${id}-hint`;
  const showHint = disabled && Boolean(hint);
  const canSend = !disabled && isSendable(draft);

  // A chat opens ready to type: keyboard and screen-reader users land in the message box, not on the page body.
  useEffect(() => {
    field.current?.focus();
  }, []);

  // Measure the text's natural height, then clamp it: a DOM effect, so it runs before paint with no flicker.
  useLayoutEffect(() => {
    const el = field.current;
    if (!el) return;
    el.style.height = 'auto';
    const natural = el.scrollHeight;
    el.style.height = `${Math.min(INPUT_MAX_HEIGHT, Math.max(INPUT_MIN_HEIGHT, natural))}px`;
    el.style.overflowY = natural > INPUT_MAX_HEIGHT ? 'auto' : 'hidden';
  }, [draft]);

  const send = () => {
    if (!canSend) return;
    onSend(draft); // exactly as typed: docs/product.md section 5 keeps the text untrimmed
    setDraft('');
    field.current?.focus(); // a click on Send would otherwise strand focus on a now-disabled button
  };

  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    send();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter while an IME is composing confirms the composition; it must not send half a word.
    // Safari fires that Enter after compositionend (isComposing is false), marked only by keyCode 229.
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- no standard property carries Safari's IME mark
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing || event.keyCode === 229) return;
    event.preventDefault();
    send();
  };

  return (
    <form className="chat-input" onSubmit={onSubmit}>
      <div className="chat-input-row">
        <label htmlFor={id} className="visually-hidden">Message</label>
        {/* readOnly + aria-disabled rather than disabled: the field keeps keyboard focus while a chat waits. */}
        <textarea
          id={id}
          ref={field}
          className="textarea chat-textarea"
          rows={1}
          value={draft}
          placeholder={placeholder}
          readOnly={disabled}
          aria-disabled={disabled || undefined}
          aria-describedby={showHint ? hintId : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            onDraftChange?.(event.target.value);
          }}
          onKeyDown={onKeyDown}
        />
        {/* Tab goes message box → Send → the emoji row. Attach and Voice do nothing yet (docs/product.md), so they
            are out of the tab order, announced as unavailable with the reason in their names; CSS draws Attach left, Voice before Send. */}
        <button type="submit" className="chat-send" aria-label="Send message" disabled={!canSend}>
          <SendIcon />
        </button>
        <button type="button" tabIndex={-1} className="chat-icon-button chat-extra chat-attach" aria-label="Attach (coming soon)" aria-disabled="true" title="Coming soon">
          <AttachIcon />
        </button>
        <button type="button" tabIndex={-1} className="chat-icon-button chat-extra chat-voice" aria-label="Voice (coming soon)" aria-disabled="true" title="Coming soon">
          <MicIcon />
        </button>
      </div>
      {showHint ? (
        <p id={hintId} className="chat-hint" role="status">
          {hint}
        </p>
      ) : null}
    </form>
  );
}
