import { useReducer } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { FREE_REPORTS, PRODUCT_NAMES } from '#shared/billing/price-table';
import { PRODUCT_UNLOCKS } from '#shared/billing/product-unlocks';
import { PageHero } from '../site/site-parts';
import { PlanCard } from './plan-card';
import { choiceReducer, initialChoice, subscribePath } from './plan-choice';
import { ASSOCIATION_NOTE, PLAN_TIERS } from './plan-tiers';
import './plans.css';

/**
 * The two products in plain words (what a buyer gets): a sentence each, then the list of what it
 * unlocks, written from the one table the routes' gates are checked against (product-unlocks.ts).
 */
const PRODUCT_FACTS = [
  {
    product: 'industry',
    text: 'How your industry responds to broadcast, and response ratings of the stations and formats in your markets.',
  },
  {
    product: 'advertiser',
    text: 'Your own airings matched to your website visits within 8 minutes, on every client beyond the two free reports.',
  },
] as const;

const FAQ = [
  {
    q: 'What is free?',
    a: `Every account always has ${FREE_REPORTS} free reports. Individual Starter adds single insights one at a time when you need them; nothing is due today.`,
  },
  {
    q: 'Can I cancel?',
    a: 'Yes, at any time from your account page. You keep access until the end of the month you paid for.',
  },
  {
    q: 'What if I add a product later?',
    a: 'Your billing cycle restarts that day and the unused part of your current month comes back as a credit.',
  },
  {
    q: 'How do I pay?',
    a: 'By card, billed monthly, or by invoice (due in 30 days). An order paid by invoice starts when its invoice is paid.',
  },
] as const;

/**
 * /plans (spec §2 "Pages: plans (params plan, product)", headings "Subscriptions" and "You'll
 * always have two free reports."; §4 "Plan choice"; §6 "Plan tiers"). Four plan cards
 * priced from the one price table; the choice follows plan-choice.ts and Continue goes to
 * /plans/subscribe?plan=&product=.
 */
export function PlansPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [choice, dispatch] = useReducer(choiceReducer, undefined, () =>
    initialChoice(params.get('plan'), params.get('product')),
  );
  const next = () => {
    const path = subscribePath(choice);
    if (path) navigate(path);
  };

  return (
    <div className="plans">
      <PageHero title="Subscriptions">
        <p>
          Know what every airing was worth. Start free, add the insights you need, and cancel any
          time.
        </p>
      </PageHero>
      <section className="plans__free" aria-labelledby="plans-free-title">
        <h2 id="plans-free-title">You'll always have two free reports.</h2>
        <p>
          Every account can run reports on {FREE_REPORTS} clients free, forever, on every plan.
          Choose a plan below when you want more.
        </p>
      </section>
      <p className="plans__association">
        {ASSOCIATION_NOTE} <Link to="/iba">See the association members offer</Link>
      </p>
      <h2 className="visually-hidden">Plans</h2>
      <ul className="plans__grid">
        {PLAN_TIERS.map((tier) => (
          <PlanCard
            key={tier.plan}
            tier={tier}
            choice={choice}
            dispatch={dispatch}
            onContinue={next}
          />
        ))}
      </ul>
      <p className="plans__note">
        Prices are in US dollars per month, before any tax. Small Team Unlimited with Advertiser
        Insights and Enterprise Unlimited are quoted for your markets: we'll be in touch.
      </p>
      <section className="site-section" aria-labelledby="plans-products-title">
        <h2 id="plans-products-title">What each product includes</h2>
        <ul className="site-grid site-grid--two">
          {PRODUCT_FACTS.map(({ product, text }) => (
            <li key={product} className="site-card">
              <h3>{PRODUCT_NAMES[product]}</h3>
              <p>{text}</p>
              <ul className="plans__unlocks" aria-label={`${PRODUCT_NAMES[product]} unlocks`}>
                {PRODUCT_UNLOCKS[product].map((line) => (
                  <li key={line.text}>{line.text}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </section>
      <section className="site-section" aria-labelledby="plans-faq-title">
        <h2 id="plans-faq-title">Questions</h2>
        <dl className="site-faq">
          {FAQ.map((item) => (
            <div key={item.q}>
              <dt>{item.q}</dt>
              <dd>{item.a}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
