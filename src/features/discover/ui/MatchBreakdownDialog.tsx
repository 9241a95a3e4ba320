import { useId, useRef } from 'react';
import { MATCH_CATEGORIES, type MatchBreakdown, type MatchCategory } from '../../../domain/matchBreakdown';
import { messages } from '../../../domain/messages';
import { ModalDialog } from '../../../shared/ui/ModalDialog';
import '../../../shared/ui/styles/social.css';

const text = messages.discover;

function PartRow({ category, part }: { category: MatchCategory; part: MatchBreakdown[MatchCategory] }) {
  const headingId = useId();
  const items = part.items.length > 0 ? part.items.join(', ') : part.points > 0 ? text.wordsInCommon : text.nothingShared;
  return (
    <li className={`breakdown-part ${part.points === 0 ? 'is-empty' : ''}`} aria-labelledby={headingId}>
      <div className="breakdown-part-head">
        <h3 id={headingId}>{text.categories[category]}</h3>
        <span className="breakdown-points">{text.points(part.points)}</span>
      </div>
      <div className="breakdown-bar" aria-hidden="true">
        <span style={{ width: `${part.points}%` }} />
      </div>
      <p className="breakdown-items">{items}</p>
    </li>
  );
}

/**
 * The explained match: one card's percentage split into music, games, shows and hobbies, each
 * with what both people share there. The parts add up to the card's percentage.
 */
export function MatchBreakdownDialog({ name, score, breakdown, onClose }: { name: string; score: number; breakdown: MatchBreakdown; onClose: () => void }) {
  const closeRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const leadId = useId();
  // The shared dialog shell (as every other dialog), not a dialog of its own style.
  return (
    <ModalDialog className="breakdown-dialog" labelledBy={titleId} describedBy={leadId} initialFocus={() => closeRef.current} onDismiss={onClose}>
      <h2 id={titleId}>{text.breakdownTitle(name, score)}</h2>
      <p id={leadId}>{text.breakdownLead}</p>
      <ul className="breakdown-parts">
        {MATCH_CATEGORIES.map((category) => (
          <PartRow key={category} category={category} part={breakdown[category]} />
        ))}
      </ul>
      <div className="modal-dialog-actions">
        <button ref={closeRef} type="button" className="btn btn-outline" onClick={onClose}>
          {text.breakdownClose}
        </button>
      </div>
    </ModalDialog>
  );
}
