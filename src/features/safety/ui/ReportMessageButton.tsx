import type { QuotedLine } from '../../../domain/reportEvidence';
import { messages } from '../../../domain/messages';
import { useSafety } from './PersonSafetyScope';
import '../../../shared/ui/styles/safety.css';

/**
 * 'Report message' under a message from the other person: opens the report dialog with that message quoted.
 * A real button, so it is in the tab order; only inside a PersonSafetyScope (nothing to report elsewhere).
 */
export function ReportMessageButton({ person, line }: { person: { id: string; username: string }; line: QuotedLine }) {
  const actor = useSafety();
  if (!actor) return null;
  return (
    <button
      type="button"
      className="message-report"
      onClick={() => actor.send({ type: 'OPEN_REPORT', person, about: { source: 'message', line } })}
    >
      {messages.safety.reportMessage}
    </button>
  );
}
