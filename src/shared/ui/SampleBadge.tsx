import { isSamplePerson, type LabelledPerson } from '../../domain/personKind';
import { SAMPLE_BADGE_TEXT } from '../../domain/socialContract';
import './styles/labels.css';

/**
 * 'Sample' next to a built-in sample person's name, on every card, dialog and chat header. It sits beside the
 * name, never inside its heading, so the name reads exactly as the contract has it.
 */
export function SampleBadge({ person }: { person: LabelledPerson }) {
  if (!isSamplePerson(person)) return null;
  return <span className="badge sample-badge">{SAMPLE_BADGE_TEXT}</span>;
}
