import { useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { messages } from '../../../domain/messages';
import type { PersonKind } from '../../../domain/socialContract';
import { useSendSafety } from './PersonSafetyScope';
import '../../../shared/ui/styles/safety.css';

const texts = messages.safety;

export interface ActionablePerson {
  id: string;
  username: string;
  kind?: PersonKind;
}

/**
 * 'More actions for nova': a small menu with Block and Report, offered for members only (sample people and
 * guests never see it) and only inside a PersonSafetyScope. Escape or leaving the menu closes it.
 */
export function PersonActions({ person }: { person: ActionablePerson }) {
  const send = useSendSafety();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  if (!send || person.kind !== 'member') return null;

  const target = { id: person.id, username: person.username };
  const choose = (type: 'OPEN_BLOCK' | 'OPEN_REPORT') => {
    setOpen(false);
    send({ type, person: target });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    setOpen(false);
    toggleRef.current?.focus();
  };
  const onBlur = (event: FocusEvent<HTMLButtonElement>) => {
    if (!boxRef.current?.contains(event.relatedTarget)) setOpen(false);
  };
  const keys = { onKeyDown, onBlur };

  return (
    <div ref={boxRef} className="person-actions">
      <button
        ref={toggleRef}
        type="button"
        className="btn btn-outline btn-small person-actions-toggle"
        aria-expanded={open}
        aria-controls={menuId}
        {...keys}
        onClick={() => setOpen((was) => !was)}
      >
        <span aria-hidden="true">⋯</span>
        <span className="visually-hidden">{texts.moreActions(person.username)}</span>
      </button>
      {open ? (
        <ul id={menuId} className="person-actions-menu">
          <li>
            <button type="button" className="person-actions-item" {...keys} onClick={() => choose('OPEN_REPORT')}>
              {texts.report}
              <span className="visually-hidden">{` ${person.username}`}</span>
            </button>
          </li>
          <li>
            <button type="button" className="person-actions-item person-actions-danger" {...keys} onClick={() => choose('OPEN_BLOCK')}>
              {texts.block}
              <span className="visually-hidden">{` ${person.username}`}</span>
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  );
}
