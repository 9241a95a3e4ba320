import { useActorRef, useSelector } from '@xstate/react';
import { useBioGenerationMachine } from './ProfileActors';
import { inspectOptions } from '../../../shared/ui/inspect';
import '../../../shared/ui/styles/ai.css';

const PLACEHOLDER = 'Click "Generate" to create an AI-powered profile summary based on your interests and connected services.';
const CREDIT = {
  gemini: 'Powered by Google Gemini',
  local: 'Written by the Mycelius local AI engine',
} as const;

const SparkleIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" aria-hidden="true" focusable="false">
    <path d="M12 3l1.9 5.1L19 10l-5.1 1.9L12 17l-1.9-5.1L5 10l5.1-1.9z" />
    <path d="M19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8z" />
  </svg>
);

/** The AI Profile Summary panel of /profile: the stored bio, Generate/Regenerate, and the provider credit. */
export function AiSummaryPanel() {
  // The machine starts from the stored bio; later changes reach it through its storage watcher.
  const { machine, input } = useBioGenerationMachine();
  const actor = useActorRef(machine, { input, ...inspectOptions() });
  const busy = useSelector(actor, (s) => s.matches({ bio: 'generating' }));
  const summary = useSelector(actor, (s) => s.context.summary);
  const error = useSelector(actor, (s) => s.context.error);
  const provider = useSelector(actor, (s) =>
    s.matches({ credit: 'gemini' }) ? 'gemini' : s.matches({ credit: 'local' }) ? 'local' : null,
  );
  const hasSummary = summary.trim() !== '';

  return (
    <section className="card ai-summary" aria-labelledby="ai-summary-heading" aria-busy={busy}>
      <div className="ai-summary__head">
        <h2 id="ai-summary-heading">
          <SparkleIcon />
          AI Profile Summary
        </h2>
        <button
          type="button"
          className="btn btn-primary btn-small"
          disabled={busy}
          aria-describedby={error ? 'ai-summary-error' : undefined}
          onClick={() => actor.send({ type: 'GENERATE' })}
        >
          {busy ? 'Generating...' : hasSummary ? 'Regenerate' : 'Generate'}
        </button>
      </div>
      <div aria-live="polite">
        {hasSummary ? (
          <p className="ai-summary__text">{summary}</p>
        ) : (
          <p className="ai-summary__placeholder muted">{PLACEHOLDER}</p>
        )}
      </div>
      {error && (
        <p id="ai-summary-error" className="field-error ai-summary__error" role="alert">
          {error}
        </p>
      )}
      <p className="ai-summary__credit muted">{provider ? CREDIT[provider] : '\u00a0'}</p>
    </section>
  );
}
