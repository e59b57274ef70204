import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useSession } from '../account/use-account';
import { sessionProducts } from '../billing/use-billing';
import './report-session.css';

/** Where the Unlock buttons lead (the plans page). */
export const PRICING_PATH = '/plans';

/** The plans page with a product picked: `/plans?product=industry`. */
export const plansFor = (product: 'industry' | 'advertiser') =>
  `${PRICING_PATH}?product=${product}`;

/** The button text of a subscriber, who updates instead of unlocking (spec §6). */
export const UPDATE_TEXT = 'View / Update Subscription';

/** Why a panel is locked, when the caller gives no reason: the free reports are used (spec §4). */
export const FREE_REPORTS_USED = 'You have used your two free reports.';

/** Products a locked panel belongs to, and their button text (spec §6). */
const UNLOCK_TEXT = {
  industry: 'Unlock Industry Insights',
  advertiser: 'Unlock Advertiser Insights',
} as const;

/** Props of {@link Paywall}. */
export interface PaywallProps {
  /** The report says `max_reports` (the free reports are used and there is no plan). */
  locked: boolean;
  /** What the panel is, for the overlay heading, e.g. "Industry response summary". */
  label: string;
  /** Which product unlocks it. @default 'industry' */
  product?: keyof typeof UNLOCK_TEXT;
  /** The overlay's line on why the panel is locked. @default {@link FREE_REPORTS_USED} */
  reason?: string;
  children: ReactNode;
}

/**
 * The paywall over a report panel (spec §2 "a paywall that blurs industry response summary and
 * insights panels", §4 "Paywall shows when results say max_reports"). Locked, the
 * panel is blurred, hidden from assistive technology and unreachable by keyboard (inert), with
 * a line saying why (`reason`) and a link to /plans?product=<product> on top: Unlock Industry
 * Insights / Unlock Advertiser Insights, or View / Update Subscription when the session's
 * available_products say the user has a subscription (spec §6). Unlocked, it renders
 * the panel unchanged.
 */
export function Paywall({
  locked,
  label,
  product = 'industry',
  reason = FREE_REPORTS_USED,
  children,
}: PaywallProps) {
  const session = useSession();
  const subscribed = sessionProducts(session.data)?.has_any_subscription === true;
  if (!locked) return <>{children}</>;
  return (
    <section className="paywall" aria-label={`${label} (locked)`}>
      <div className="paywall__content" aria-hidden="true" inert>
        {children}
      </div>
      <div className="paywall__overlay">
        <p className="paywall__title">{label} is part of a paid plan.</p>
        <p className="modal__status">{reason}</p>
        <Link className="button button--primary" to={plansFor(product)}>
          {subscribed ? UPDATE_TEXT : UNLOCK_TEXT[product]}
        </Link>
      </div>
    </section>
  );
}

/**
 * The info box of a free report (spec §4 "the info box also when free_report is set", §9 "Two
 * free reports always"). Renders nothing when `show` is false.
 */
export function FreeReportInfo({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <div className="free-report" role="note">
      <p>
        This is one of your two free reports: every account can run reports on two clients free. A
        plan unlocks reports on every client.
      </p>
      <Link to={PRICING_PATH}>See plans</Link>
    </div>
  );
}
