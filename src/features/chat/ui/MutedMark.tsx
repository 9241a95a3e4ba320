import { chatMuteTexts } from '../../../domain/chatMute';
import { BellOffIcon } from '../../../shared/ui/Icons';
import '../../../shared/ui/styles/presence.css';

/** The mark on a muted chat (its row in Conversations, its header): a crossed-out bell named 'Muted'. */
export function MutedMark() {
  return (
    <span className="muted-mark" role="img" aria-label={chatMuteTexts.muted} title={chatMuteTexts.muted}>
      <BellOffIcon width={16} height={16} />
    </span>
  );
}
