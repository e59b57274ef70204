import { lazy, type RefObject, Suspense } from 'react';
import { Link } from 'react-router-dom';
import {
  PLAN_NAMES,
  type PlanId,
  PRODUCT_NAMES,
  type ProductId,
  productCovers,
} from '#shared/billing/price-table';
import { unlocksSentence } from '#shared/billing/product-unlocks';
import { PENDING_NOTICE } from './billing-format';
import { PAYGO_FROM, perMonth } from './plan-tiers';

const ContactForm = lazy(() =>
  import('../site/contact-form').then((m) => ({ default: m.ContactForm })),
);

/** What a product unlocks, from the table the routes' gates are checked against. */
const unlocksOf = (product: 'industry' | 'advertiser') =>
  `${PRODUCT_NAMES[product]}: ${unlocksSentence(product)}`;

/** The lines of what an order unlocked. */
export function unlockedLines(plan: PlanId, product: ProductId | null): string[] {
  if (plan === 'paygo' || !product)
    return [
      `Pay as you go: unlock single insights from ${perMonth(PAYGO_FROM)} each, right from your reports.`,
    ];
  return (['industry', 'advertiser'] as const)
    .filter((p) => productCovers(product, p))
    .map(unlocksOf);
}

/** Props of the finish screens. */
interface DoneProps {
  plan: PlanId;
  product: ProductId | null;
  /** The heading, focused when the screen appears. */
  headingRef: RefObject<HTMLHeadingElement | null>;
}

/**
 * The success screen ("You're subscribed", what is unlocked, Go to your reports). The
 * wizard has already refreshed the session, so the report paywall reflects the order.
 */
export function SubscribedScreen({ plan, product, headingRef }: DoneProps) {
  return (
    <section className="wizard__done" aria-labelledby="subscribed-title">
      <h2 id="subscribed-title" ref={headingRef} tabIndex={-1}>
        You're subscribed
      </h2>
      <p>
        {PLAN_NAMES[plan]}
        {product && plan !== 'paygo' ? ` with ${PRODUCT_NAMES[product]}` : ''} is active now. Your
        invoices and renewal date are on your account page.
      </p>
      <h3>Unlocked</h3>
      <ul className="wizard__unlocked">
        {unlockedLines(plan, product).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <div className="wizard__actions">
        <Link className="button button--primary" to="/ss">
          Go to your reports
        </Link>
        <Link className="button" to="/ss/account">
          Billing and subscription
        </Link>
      </div>
    </section>
  );
}

/**
 * The finish screen of an invoice order (order_product outcome `pending`): ordered, and nothing
 * is unlocked until the first invoice is paid.
 */
export function PendingScreen({ plan, product, headingRef }: DoneProps) {
  return (
    <section className="wizard__done" aria-labelledby="pending-title">
      <h2 id="pending-title" ref={headingRef} tabIndex={-1}>
        Your order is pending
      </h2>
      <p className="billing-notice">{PENDING_NOTICE}</p>
      <p>
        {PLAN_NAMES[plan]}
        {product && plan !== 'paygo' ? ` with ${PRODUCT_NAMES[product]}` : ''} is ordered. Its
        invoice, due in 30 days, is on your account page with its status.
      </p>
      <h3>Unlocked once paid</h3>
      <ul className="wizard__unlocked">
        {unlockedLines(plan, product).map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <div className="wizard__actions">
        <Link className="button button--primary" to="/ss/account">
          Billing and subscription
        </Link>
        <Link className="button" to="/ss">
          Go to your reports
        </Link>
      </div>
    </section>
  );
}

/** Enterprise-like orders after the contact form (spec §4 "Thank you for your interest"). */
export function ContactThanks({ headingRef }: Pick<DoneProps, 'headingRef'>) {
  return (
    <section className="wizard__done" aria-labelledby="thanks-title">
      <h2 id="thanks-title" ref={headingRef} tabIndex={-1}>
        Thank you for your interest
      </h2>
      <p>We'll be in touch within one business day with a quote for your markets.</p>
      <div className="wizard__actions">
        <Link className="button button--primary" to="/ss">
          Go to your reports
        </Link>
      </div>
    </section>
  );
}

/**
 * The contact step of enterprise-like orders (spec §2 "Enterprise plans show a contact form and
 * then a completion message"): the site's contact form with group enterprise, carrying the
 * plan, product and organisation in additional_data.
 */
export function EnterpriseContact({
  plan,
  product,
  orgUid,
  onSent,
}: {
  plan: PlanId;
  product: ProductId | null;
  orgUid: string | null;
  onSent: () => void;
}) {
  const details = [
    `plan=${plan}`,
    product ? `product=${product}` : '',
    orgUid ? `organization_uid=${orgUid}` : '',
  ]
    .filter(Boolean)
    .join('; ');
  return (
    <div className="wizard__body">
      <p className="wizard__lead">
        {PLAN_NAMES[plan]}
        {product ? ` with ${PRODUCT_NAMES[product]}` : ''} is priced for your markets. Tell us a
        little about them and we'll send a quote.
      </p>
      <Suspense fallback={<p className="form-field__hint">Loading the form…</p>}>
        <ContactForm
          group="enterprise"
          label="Contact us"
          additionalData={details}
          onSent={onSent}
        />
      </Suspense>
    </div>
  );
}
