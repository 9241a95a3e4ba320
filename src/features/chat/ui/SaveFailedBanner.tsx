import type { LeaveEvent } from '../machines/chatPipeline';

/**
 * What a chat shows when saving its session on the way out failed (storage full): nothing is lost yet.
 * The buttons send the chat pipeline's leave events: BACK tries the save again, DISMISS keeps chatting,
 * LEAVE goes without saving.
 */
export function SaveFailedBanner({ error, send, retryLabel = 'Try again' }: { error: string; send: (event: LeaveEvent) => void; retryLabel?: string }) {
  return (
    <div className="alert chat-save-failed" role="alert">
      <p>{error}</p>
      <div className="row">
        <button type="button" className="btn btn-small btn-primary" onClick={() => send({ type: 'BACK' })}>{retryLabel}</button>
        <button type="button" className="btn btn-small btn-outline" onClick={() => send({ type: 'DISMISS' })}>Keep chatting</button>
        <button type="button" className="btn btn-small btn-danger" onClick={() => send({ type: 'LEAVE' })}>Leave without saving</button>
      </div>
    </div>
  );
}
