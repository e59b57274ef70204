import { useId } from 'react';
import { Link } from 'react-router-dom';
import { formatUsd } from '#shared/billing/price-table';
import type { OrganizationView } from '#shared/contracts/account-results.schema';
import { formatDay } from '../billing/billing-format';
import { useBillingProfile } from '../billing/use-billing';
import { billableOrgs } from '../billing/wizard-steps';
import styles from './account.module.css';
import { type OrderCard, orderCard } from './order-cards';
import { useOrganizations } from './use-account';

const STATE_TEXT = { owns: 'Owns', ordering: 'Ordering' } as const;

/** One order card with its product list accordion (a native details/summary disclosure). */
export function OrderCardView({ card }: { card: OrderCard }) {
  const titleId = useId();
  const priced = card.lines.filter((l) => l.cents !== null).length;
  return (
    <article className={styles.orderCard} data-state={card.state} aria-labelledby={titleId}>
      <div className={styles.orderHead}>
        <span className={`badge ${card.state === 'owns' ? 'badge--ok' : 'badge--muted'}`}>
          {STATE_TEXT[card.state]}
        </span>
        <h3 id={titleId} className={styles.orderTitle}>
          {card.title}
        </h3>
      </div>
      <p className={styles.orderMeta}>
        {card.org_name} ·{' '}
        {card.state === 'ordering'
          ? 'access starts when the first invoice is paid'
          : `${card.ends ? 'access ends' : 'renews'} ${formatDay(card.period_end)}`}
      </p>
      <details className={styles.accordion}>
        <summary>
          Products ({card.lines.length}) · subtotal {formatUsd(card.subtotal)}/month
        </summary>
        <table className={styles.lines}>
          <caption className="visually-hidden">Products of {card.title}, per month</caption>
          <tbody>
            {card.lines.map((line) => (
              <tr key={line.name}>
                <th scope="row">{line.name}</th>
                <td>{line.cents === null ? 'quoted' : formatUsd(line.cents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Subtotal{priced < card.lines.length ? ' (priced lines)' : ''}</th>
              <td>{formatUsd(card.subtotal)}</td>
            </tr>
            {card.discount_percent > 0 && (
              <tr>
                <th scope="row">Discount</th>
                <td>{card.discount_percent}% off</td>
              </tr>
            )}
            <tr className={styles.total}>
              <th scope="row">You pay per month</th>
              <td>{formatUsd(card.total)}</td>
            </tr>
          </tfoot>
        </table>
      </details>
    </article>
  );
}

/** One organisation's order card, once its billing profile has loaded (nothing without one). */
function OrgOrderCard({ org }: { org: OrganizationView }) {
  const profile = useBillingProfile(org.org_uid);
  if (!profile.data) return null;
  const card = orderCard(profile.data, org.name);
  return card ? (
    <OrderCardView card={card} />
  ) : (
    <p className={styles.muted}>{org.name}: nothing owned or ordered yet.</p>
  );
}

/**
 * "Your products" on /ss/account (spec §2 "order cards (ordering or owns), the product list
 * accordion with subtotals"): a card per organisation the user bills for, from the same billing
 * profiles the billing panel loads (get_billing_profile), so no new call is made.
 */
export function OrderCardsSection() {
  const orgs = useOrganizations();
  const billable = billableOrgs(orgs.data ?? []);
  return (
    <section className="card account__section" aria-labelledby="products-title">
      <h2 id="products-title" className="card__title">
        Your products
      </h2>
      <p className={styles.muted}>
        What your organizations own, and what they are ordering.{' '}
        <Link to="/plans">See plans and prices</Link>
      </p>
      <div className={styles.orderGrid}>
        {billable.map((org) => (
          <OrgOrderCard key={org.org_uid} org={org} />
        ))}
      </div>
    </section>
  );
}
