import { Link } from 'react-router-dom';
import { formatUsd, PAYGO_FEATURES } from '#shared/billing/price-table';
import { type GatedReportSection, REPORT_GATES } from '#shared/billing/report-gates';
import { FREE_REPORTS_USED, plansFor } from './paywall';
import './locked-section.css';

/** Where a Starter account unlocks one insight at a time (the account page's billing panel). */
const SINGLE_UNLOCK_PATH = '/ss/account';

/** Props of {@link LockedSection}. */
export interface LockedSectionProps {
  section: GatedReportSection;
  /** What the section is, e.g. "Creative", "Foot traffic". */
  label: string;
  /** Drawn as a report card of its own (with its heading), not inside another card. @default false */
  card?: boolean;
}

/**
 * A report section the server withheld (get_report `locked_sections`: past the two free
 * reports, without Advertiser Insights or the section's own unlock; layers/shared/billing/
 * report-gates.ts). There is nothing to blur, so it says why and offers Unlock Advertiser
 * Insights, or the section alone at its price-table price on the Starter plan.
 */
export function LockedSection({ section, label, card = false }: LockedSectionProps) {
  const single = PAYGO_FEATURES.find((f) => f.flag === REPORT_GATES[section]);
  return (
    <section
      className={`locked-section${card ? ' card' : ''}`}
      aria-label={`${label} (locked)`}
      data-testid="locked-section"
    >
      {card && <h2 className="card__title">{label}</h2>}
      <p className="paywall__title">{label} is part of a paid plan.</p>
      <p className="modal__status">{FREE_REPORTS_USED}</p>
      <div className="locked-section__actions">
        <Link className="button button--primary" to={plansFor('advertiser')}>
          Unlock Advertiser Insights
        </Link>
        {single && (
          <Link to={SINGLE_UNLOCK_PATH}>
            or {single.name} alone, {formatUsd(single.unit_amount)}/month
          </Link>
        )}
      </div>
    </section>
  );
}
