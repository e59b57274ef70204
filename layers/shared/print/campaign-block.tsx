import type { PrintCampaign } from './print-campaign';

/** Props of {@link CampaignBlock}. */
export interface CampaignBlockProps {
  campaign: PrintCampaign;
}

/**
 * The campaign a printout is scoped to (spec §7 "Campaigns"): its name, flight and pacing
 * (spent against budget, flight elapsed, goal against target), so a reader of the PDF knows
 * its figures are the campaign's airings only. Used on the cover and above the KPI summary, by
 * the PDF and the on-screen preview. Text is escaped by React.
 */
export function CampaignBlock({ campaign }: CampaignBlockProps) {
  return (
    <section className="pr-campaign" aria-label="Campaign" data-testid="print-campaign">
      <p className="pr-campaign__title">
        Campaign: <strong>{campaign.name}</strong> · flight {campaign.flight}
      </p>
      <dl className="pr-campaign__pacing">
        {campaign.pacing.map((line) => (
          <div key={line.label}>
            <dt>{line.label}</dt>
            <dd>{line.text}</dd>
          </div>
        ))}
      </dl>
      <p className="pr-note">Every figure in this report counts the campaign's airings only.</p>
    </section>
  );
}
