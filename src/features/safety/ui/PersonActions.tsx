import { useSelector } from '@xstate/react';
import { useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { messages } from '../../../domain/messages';
import type { ReportAbout } from '../../../domain/reportEvidence';
import type { PersonKind } from '../../../domain/socialContract';
import type { PersonSafetyEvent } from '../machines/personSafety.machine';
import { useSafety } from './PersonSafetyScope';
import '../../../shared/ui/styles/safety.css';

const texts = messages.safety;

/** A menu item a screen adds before Report and Block (a member chat's 'Mute' or 'Unmute'). */
export interface PersonMenuAction {
  label: string;
  onSelect: () => void;
}

export interface ActionablePerson {
  id: string;
  username: string;
  kind?: PersonKind;
}

/**
 * 'More actions for nova': a small menu with Block and Report, offered for members only (sample people and
 * guests never see it) and only inside a PersonSafetyScope. Escape or leaving the menu closes it.
 */
export function PersonActions({ person, about, extraActions = [] }: { person: ActionablePerson; about?: ReportAbout | undefined; extraActions?: readonly PersonMenuAction[] }) {
  const actor = useSafety();
  if (!actor || person.kind !== 'member') return null;
  return <PersonActionsMenu actor={actor} person={person} about={about} extraActions={extraActions} />;
}

/** Someone this scope blocked (a chat can still show them) can still be reported; Block gives way to saying so. */
function PersonActionsMenu({
  actor,
  person,
  about,
  extraActions,
}: {
  actor: NonNullable<ReturnType<typeof useSafety>>;
  person: ActionablePerson;
  about: ReportAbout | undefined;
  extraActions: readonly PersonMenuAction[];
}) {
  const blocked = useSelector(actor, (s) => s.context.blockedIds.includes(person.id));
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const send = (event: PersonSafetyEvent) => actor.send(event);

  const target = { id: person.id, username: person.username };
  const choose = (type: 'OPEN_BLOCK' | 'OPEN_REPORT') => {
    setOpen(false);
    if (type === 'OPEN_REPORT' && about) send({ type, person: target, about });
    else send({ type, person: target });
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
          {extraActions.map((action) => (
            <li key={action.label}>
              <button
                type="button"
                className="person-actions-item"
                {...keys}
                onClick={() => {
                  setOpen(false);
                  action.onSelect();
                }}
              >
                {action.label}
              </button>
            </li>
          ))}
          <li>
            <button type="button" className="person-actions-item" {...keys} onClick={() => choose('OPEN_REPORT')}>
              {texts.report}
              <span className="visually-hidden">{` ${person.username}`}</span>
            </button>
          </li>
          <li>
            {blocked ? (
              <p className="person-actions-note">{texts.blocked(person.username)}</p>
            ) : (
              <button type="button" className="person-actions-item person-actions-danger" {...keys} onClick={() => choose('OPEN_BLOCK')}>
                {texts.block}
                <span className="visually-hidden">{` ${person.username}`}</span>
              </button>
            )}
          </li>
        </ul>
      ) : null}
    </div>
  );
}
