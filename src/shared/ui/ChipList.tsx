import { useId, useRef, useState, type SubmitEvent } from 'react';
import { flushSync } from 'react-dom';
import { canAddChip, chipLimitProblem } from '../../domain/chips';
import { PROFILE_LIMITS } from '../../domain/profile';

export interface ChipListProps {
  title: string;
  inputLabel: string;
  placeholder: string;
  items: readonly string[];
  /** Up to 9 suggested items not yet chosen (domain/catalog suggestionsFor). */
  suggestions: readonly string[];
  onAdd: (item: string) => void;
  onRemove: (item: string) => void;
}

/** One interest list: add by button or Enter, removable chips, and suggestions in 3 columns. */
export function ChipList({ title, inputLabel, placeholder, items, suggestions, onAdd, onRemove }: ChipListProps) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const full = items.length >= PROFILE_LIMITS.listItems;
  const inputRef = useRef<HTMLInputElement>(null);
  const chipsRef = useRef<HTMLUListElement>(null);
  const suggestionsRef = useRef<HTMLUListElement>(null);
  // The button just pressed disappears; keep keyboard focus nearby instead of dropping it to the page.
  // flushSync renders the change first, so the buttons left are the ones in the DOM.
  const changeKeepingFocus = (change: () => void, area: 'chips' | 'suggestions', index: number) => {
    flushSync(change);
    const list = area === 'chips' ? chipsRef.current : suggestionsRef.current;
    const buttons = list ? [...list.querySelectorAll('button')] : [];
    (buttons[Math.min(index, buttons.length - 1)] ?? inputRef.current)?.focus();
  };

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    if (draft.trim() === '') return;
    // A list at its bound keeps the draft and says why, so nothing typed is silently lost.
    const refusal = chipLimitProblem(items, draft);
    setProblem(refusal);
    if (refusal) return;
    if (canAddChip(items, draft)) onAdd(draft);
    setDraft('');
  };

  return (
    <section className="card chip-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <form className="chip-form" onSubmit={submit}>
        <label className="visually-hidden" htmlFor={`${id}-input`}>{inputLabel}</label>
        <input
          ref={inputRef}
          id={`${id}-input`}
          className="input"
          type="text"
          autoComplete="off"
          enterKeyHint="done"
          placeholder={placeholder}
          maxLength={PROFILE_LIMITS.itemLength}
          aria-describedby={problem || full ? `${id}-limit` : undefined}
          aria-invalid={problem ? true : undefined}
          value={draft}
          onChange={(e) => {
            setDraft(e.target.value);
            setProblem(undefined);
          }}
        />
        <button type="submit" className="btn btn-primary chip-add" aria-label={`Add to ${title}`}>Add</button>
      </form>
      {problem || full ? (
        <p id={`${id}-limit`} className="field-error" role={problem ? 'alert' : undefined}>
          {problem ?? chipLimitProblem(items, '')}
        </p>
      ) : null}
      {items.length > 0 ? (
        <ul className="chip-list" ref={chipsRef} aria-label={`Your ${title}`}>
          {items.map((item, index) => (
            <li key={item} className="chip">
              <span className="chip-text">{item}</span>
              <button
                type="button"
                aria-label={`Remove ${item}`}
                onClick={() => {
                  setProblem(undefined);
                  changeKeepingFocus(() => onRemove(item), 'chips', index);
                }}
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted chip-empty">Nothing added yet. Type your own or pick a suggestion.</p>
      )}
      {suggestions.length > 0 && !full ? (
        <>
          <h3 className="suggestions-title" id={`${id}-suggestions`}>Suggestions</h3>
          <ul className="suggestions grid-3" ref={suggestionsRef} aria-labelledby={`${id}-suggestions`}>
            {suggestions.map((item, index) => (
              <li key={item}>
                <button
                  type="button"
                  className="suggestion"
                  aria-label={`Add ${item}`}
                  onClick={() => changeKeepingFocus(() => onAdd(item), 'suggestions', index)}
                >
                  <span aria-hidden="true" className="suggestion-plus">+</span>
                  <span>{item}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
