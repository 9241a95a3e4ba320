/** What a chat shows when saving its session on the way out failed (storage full): nothing is lost yet. */
export function SaveFailedBanner({ error, onRetry, onLeave, onDismiss }: { error: string; onRetry: () => void; onLeave: () => void; onDismiss: () => void }) {
  return (
    <div className="alert chat-save-failed" role="alert">
      <p>{error}</p>
      <div className="row">
        <button type="button" className="btn btn-small btn-primary" onClick={onRetry}>Try again</button>
        <button type="button" className="btn btn-small btn-outline" onClick={onDismiss}>Keep chatting</button>
        <button type="button" className="btn btn-small btn-danger" onClick={onLeave}>Leave without saving</button>
      </div>
    </div>
  );
}
