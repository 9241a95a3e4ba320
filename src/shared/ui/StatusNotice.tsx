import './styles/social.css';

interface StatusNoticeProps {
  /** What was just done ("You're now friends with nova!"); nothing shows while null. */
  notice: string | null;
  onDismiss: () => void;
}

/**
 * An in-page notice in place of a browser alert: the live region is always in the page, so a screen reader
 * hears the text when it arrives, and it stays until dismissed or replaced instead of blocking the page.
 */
export function StatusNotice({ notice, onDismiss }: StatusNoticeProps) {
  return (
    <div role="status" aria-live="polite">
      {notice && (
        <div className="card people-card-notice">
          <p>{notice}</p>
          <button type="button" className="btn btn-outline btn-small" onClick={onDismiss}>Dismiss</button>
        </div>
      )}
    </div>
  );
}
