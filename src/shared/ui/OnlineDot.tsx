import { liveTexts } from '../../domain/liveContract';
import './styles/presence.css';

/** The green dot on a member friend who is online now; its name is the contract's 'Online'. */
export function OnlineDot() {
  return (
    <span className="online-dot" title={liveTexts.online}>
      <span className="visually-hidden">{liveTexts.online}</span>
    </span>
  );
}
