/**
 * The SAMPLE DATA watermark over a report built on simulated visits (spec §2 "Sample data shows
 * a SAMPLE DATA watermark"). Decorative and hidden from assistive tech; the visible "Sample
 * data" badge in the report header carries the meaning.
 */
export function SampleWatermark() {
  return (
    <div className="watermark" aria-hidden="true" data-testid="sample-watermark">
      <span className="watermark__text">SAMPLE DATA</span>
    </div>
  );
}
