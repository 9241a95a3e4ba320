/** The words on the button that asks again after a section could not load. */
const TRY_AGAIN = 'Try again';

/**
 * A section's error, announced; while nothing could be loaded it carries 'Try again' beside the reason,
 * so the person can ask again without leaving the page.
 */
export function LoadFailedAlert({ error, onRetry }: { error: string | null; onRetry?: (() => void) | undefined }) {
  if (!error) return null;
  return (
    <p className="alert" role="alert">
      {error}
      {onRetry && (
        <>
          {' '}
          <button type="button" className="btn btn-outline btn-small" onClick={onRetry}>
            {TRY_AGAIN}
          </button>
        </>
      )}
    </p>
  );
}
