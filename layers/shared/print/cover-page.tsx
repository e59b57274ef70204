import { CampaignBlock } from './campaign-block';
import type { PrintCover } from './print-model';

/** Props of {@link CoverPage}. */
export interface CoverPageProps {
  cover: PrintCover;
}

/**
 * The printed cover page (spec §2 "cover page (logo, client name, preparer name, time frame,
 * tracked website, station logos)"; spec §9 cover logo at most 75px high and 200px wide). Used
 * by the PDF and by the on-screen preview. All text is escaped by React.
 */
export function CoverPage({ cover }: CoverPageProps) {
  return (
    <section className="pr-cover" aria-label="Cover page" data-testid="print-cover">
      {cover.logoSrc && <img className="pr-cover__logo" src={cover.logoSrc} alt="Logo" />}
      <p className="pr-cover__kicker">Ad response report</p>
      <h1 className="pr-cover__client">{cover.clientName}</h1>
      <p className="pr-cover__line">{cover.timeFrame}</p>
      {cover.campaign && <CampaignBlock campaign={cover.campaign} />}
      {cover.trackedWebsite && (
        <p className="pr-cover__line pr-cover__muted">Website: {cover.trackedWebsite}</p>
      )}
      {cover.preparerName && (
        <p className="pr-cover__line pr-cover__muted">Prepared by {cover.preparerName}</p>
      )}
      {cover.stationLogoSrc && (
        <img className="pr-cover__station-logo" src={cover.stationLogoSrc} alt="Station logo" />
      )}
      {(cover.station.length > 0 || cover.rep.length > 0) && (
        <div className="pr-cover__contacts">
          {cover.station.length > 0 && (
            <div className="pr-cover__block" data-testid="print-station">
              {cover.station.map((line, i) => (
                // Lines are positional (name, address, ...): the index is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed order, never reordered
                <p key={i}>{line}</p>
              ))}
            </div>
          )}
          {cover.rep.length > 0 && (
            <div className="pr-cover__block" data-testid="print-rep">
              {cover.rep.map((line, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed order, never reordered
                <p key={i}>{line}</p>
              ))}
            </div>
          )}
        </div>
      )}
    </section>
  );
}
