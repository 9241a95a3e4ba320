import { messages as texts } from '../../../domain/messages';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';

/** 'Leave the debate?': the question both Hot Takes debates (the AI opponent and a member) ask before Back leaves. */
export function LeaveDebateDialog({ question, onLeave, onStay }: { question: string; onLeave: () => void; onStay: () => void }) {
  return (
    <ConfirmDialog
      title={texts.hotTakes.leaveTitle}
      message={question}
      confirmLabel={texts.hotTakes.leave}
      cancelLabel={texts.hotTakes.keepDebating}
      tone="primary"
      onConfirm={onLeave}
      onCancel={onStay}
    />
  );
}
