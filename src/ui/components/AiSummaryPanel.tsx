// Built by the AI work: the AI Profile Summary panel with Generate/Regenerate.
export function AiSummaryPanel() {
  return (
    <section className="card" aria-labelledby="ai-summary-heading">
      <h2 id="ai-summary-heading">AI Profile Summary</h2>
    </section>
  );
}
