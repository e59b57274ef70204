/** Props of {@link ExecutiveSummary}. */
export interface ExecutiveSummaryProps {
  /** Paragraphs in order (print-model.ts). */
  paragraphs: readonly string[];
}

/**
 * The executive summary section (spec §2 "executive summary"), used by the PDF and
 * the on-screen preview. Text is escaped by React; paragraphs keep the user's order.
 */
export function ExecutiveSummary({ paragraphs }: ExecutiveSummaryProps) {
  return (
    <section className="pr-section pr-summary" data-testid="print-executive-summary">
      <h2>Executive summary</h2>
      {paragraphs.map((p, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs are static and ordered
        <p key={i}>{p}</p>
      ))}
    </section>
  );
}
