import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import {
  FREE_REPORTS,
  PLAN_NAMES,
  type PlanId,
  PRODUCT_NAMES,
  type ProductId,
} from '#shared/billing/price-table';
import type { OrderResult } from '#shared/contracts/billing.schema';
import { useSession } from '../account/use-account';
import { loginPathFor } from '../auth/login-path';
import { parsePlan, parseProduct } from './plan-choice';
import { offerPrice, PAYGO_FROM, PLAN_TIERS, perMonth } from './plan-tiers';
import { AccountStep } from './step-account';
import { BillingStep } from './step-billing';
import { ConfirmStep } from './step-confirm';
import { OrganizationStep } from './step-organization';
import {
  ContactThanks,
  EnterpriseContact,
  PendingScreen,
  SubscribedScreen,
} from './subscribe-done';
import { WizardStepper } from './wizard-stepper';
import { nextStep, type StepId, stepState, wizardSteps } from './wizard-steps';
import './billing.css';

const TITLES: Record<StepId, string> = {
  plan: 'Your plan',
  account: 'Your account',
  organization: 'Choose the organization',
  billing: 'Billing details',
  confirm: 'Confirm and subscribe',
  contact: 'Contact us',
};

/** The price line of the order, for the side card and the plan step. */
function priceText(plan: PlanId, product: ProductId | null): string {
  if (plan === 'paygo') return `Free · pay per insight from ${perMonth(PAYGO_FROM)}`;
  return offerPrice(plan, product ?? 'industry').price;
}

/** The plan step: what was chosen and what it includes. */
function PlanStep({
  plan,
  product,
  ready,
  onNext,
}: {
  plan: PlanId;
  product: ProductId | null;
  /** False while the session is still being read (Continue depends on it). */
  ready: boolean;
  onNext: () => void;
}) {
  const tier = PLAN_TIERS.find((t) => t.plan === plan);
  return (
    <div className="wizard__body">
      <p className="wizard__plan">
        <strong>{PLAN_NAMES[plan]}</strong>
        {product && plan !== 'paygo' && <> with {PRODUCT_NAMES[product]}</>}
        <span className="wizard__price">{priceText(plan, product)}</span>
      </p>
      <ul className="plan-card__includes">
        {tier?.includes.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <div className="wizard__actions">
        <button
          type="button"
          className="button button--primary"
          disabled={!ready}
          aria-busy={!ready || undefined}
          onClick={onNext}
        >
          Continue
        </button>
      </div>
    </div>
  );
}

/** The wizard for one plan and product. */
function SubscribeWizard({ plan, product }: { plan: PlanId; product: ProductId | null }) {
  const session = useSession();
  const location = useLocation();
  const { mutate } = useSWRConfig();
  const user = session.data ?? null;
  const signedIn = user !== null;
  const steps = wizardSteps(plan, product);
  const [step, setStep] = useState<StepId>('plan');
  const [orgUid, setOrgUid] = useState<string | null>(null);
  const [done, setDone] = useState<OrderResult['outcome'] | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // Focus moves to each new step's heading (not on the first paint: the page heading leads).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new step or finish is the trigger
  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [step, done]);

  const go = (to: StepId | null) => {
    if (!to) return;
    moved.current = true;
    setStep(to);
  };
  // A step past the account needs a session: someone signed out there goes back to it.
  const shown: StepId =
    !signedIn && session.data === null && steps.indexOf(step) > 1 ? 'account' : step;
  const advance = () => go(nextStep(steps, shown, signedIn));

  const ordered = (result: OrderResult) => {
    moved.current = true;
    setDone(result.outcome);
    // The paywall and the plans read the session's available_products: refresh them now.
    void mutate(['get_session', {}]);
    if (result.profile && orgUid)
      void mutate(['get_billing_profile', { organization_uid: orgUid }], result.profile, {
        revalidate: false,
      });
  };

  const back = `${location.pathname}${location.search}`;
  const content = (() => {
    switch (shown) {
      case 'plan':
        return (
          <PlanStep
            plan={plan}
            product={product}
            ready={session.data !== undefined || session.error !== undefined}
            onNext={advance}
          />
        );
      case 'account':
        return (
          <AccountStep
            user={user ? { name: user.full_name, email: user.primary_email } : null}
            loginHref={loginPathFor(back)}
            onNext={advance}
            onSignedIn={() => {
              void session.mutate().then(() => go(nextStep(steps, 'account', true)));
            }}
          />
        );
      case 'organization':
        return (
          <OrganizationStep
            plan={plan}
            orgUid={orgUid}
            onChange={setOrgUid}
            email={user?.primary_email ?? ''}
            onNext={advance}
          />
        );
      case 'billing':
        return orgUid ? <BillingStep orgUid={orgUid} session={user} onNext={advance} /> : null;
      case 'confirm':
        return orgUid ? (
          <ConfirmStep plan={plan} product={product} orgUid={orgUid} onOrdered={ordered} />
        ) : null;
      case 'contact':
        return (
          <EnterpriseContact
            plan={plan}
            product={product}
            orgUid={orgUid}
            onSent={() => {
              moved.current = true;
              setDone('contact');
            }}
          />
        );
    }
  })();

  return (
    <div className="wizard">
      <header className="wizard__head">
        <h1>Subscribe</h1>
        <Link to="/plans" className="wizard__another">
          Choose Another Plan
        </Link>
      </header>
      {done === null && (
        <WizardStepper
          steps={steps.map((id) => ({ id, state: stepState(steps, id, shown, signedIn) }))}
          onSelect={go}
        />
      )}
      <div className="wizard__layout">
        {done === 'subscribed' && (
          <SubscribedScreen plan={plan} product={product} headingRef={heading} />
        )}
        {done === 'pending' && <PendingScreen plan={plan} product={product} headingRef={heading} />}
        {done === 'contact' && <ContactThanks headingRef={heading} />}
        {done === null && (
          <section className="wizard__step" aria-labelledby="wizard-step-title">
            <h2 id="wizard-step-title" ref={heading} tabIndex={-1}>
              {TITLES[shown]}
            </h2>
            {content}
          </section>
        )}
        <aside className="wizard__aside" aria-label="Your order">
          <p className="wizard__aside-title">Your order</p>
          <p className="wizard__aside-plan">{PLAN_NAMES[plan]}</p>
          {product && plan !== 'paygo' && <p>{PRODUCT_NAMES[product]}</p>}
          <p className="wizard__aside-price">{priceText(plan, product)}</p>
          <p className="wizard__aside-note">You'll always have {FREE_REPORTS} free reports.</p>
        </aside>
      </div>
    </div>
  );
}

/**
 * /plans/subscribe?plan=&product= (spec §2 "subscribe (params plan, product)"): the
 * sign-up wizard. Steps plan -> account -> organization -> billing -> confirm (wizard-steps.ts);
 * enterprise-like orders end with the contact form. Without a valid plan (and, except for the
 * Starter plan, a product), e.g. an old /plans/subscribe link, it asks to choose a plan first.
 */
export function SubscribePage() {
  const [params] = useSearchParams();
  const plan = parsePlan(params.get('plan'));
  const product = parseProduct(params.get('product'));
  if (!plan || (plan !== 'paygo' && !product))
    return (
      <div className="wizard">
        <header className="wizard__head">
          <h1>Subscribe</h1>
        </header>
        <section className="wizard__step" aria-labelledby="wizard-pick-title">
          <h2 id="wizard-pick-title">Choose a plan first</h2>
          <p className="wizard__lead">
            Pick a plan and the insights you want; we'll bring you back here to finish.
          </p>
          <div className="wizard__actions">
            <Link className="button button--primary" to={plan ? `/plans?plan=${plan}` : '/plans'}>
              See plans
            </Link>
            <Link to="/contact-us">Questions? Contact us</Link>
          </div>
        </section>
      </div>
    );
  const ordered = plan === 'paygo' ? null : product;
  return <SubscribeWizard key={`${plan}:${ordered}`} plan={plan} product={ordered} />;
}
