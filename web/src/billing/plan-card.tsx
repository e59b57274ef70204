import type { Dispatch } from 'react';
import {
  type ChoiceAction,
  canContinue,
  isSelected,
  type PlanChoice,
  showSkip,
} from './plan-choice';
import type { PlanTier, ProductOffer } from './plan-tiers';

/** Props of {@link PlanCard}. */
export interface PlanCardProps {
  tier: PlanTier;
  choice: PlanChoice;
  dispatch: Dispatch<ChoiceAction>;
  /** Continue was pressed on this card (the chosen one). */
  onContinue: () => void;
}

/** One product row: name, price, Add/Remove and (spec §4) Skip while undecided. */
function OfferRow({
  tier,
  offer,
  choice,
  dispatch,
}: Omit<PlanCardProps, 'onContinue'> & { offer: ProductOffer }) {
  const selected = isSelected(choice, tier.plan, offer.product);
  const skipped = choice.plan === tier.plan && choice.products[offer.product] === 'skipped';
  const act = (type: 'add' | 'remove' | 'skip') =>
    dispatch({ type, plan: tier.plan, product: offer.product });
  return (
    <li className={`plan-offer${selected ? ' plan-offer--selected' : ''}`}>
      <div className="plan-offer__text">
        <span className="plan-offer__name">{offer.name}</span>
        <span className="plan-offer__price">{offer.price}</span>
        {skipped && <span className="plan-offer__status">Skipped</span>}
        {selected && <span className="plan-offer__status plan-offer__status--on">Added</span>}
      </div>
      <div className="plan-offer__actions">
        <button
          type="button"
          className={selected ? 'button' : 'button button--primary'}
          aria-label={`${selected ? 'Remove' : 'Add'} ${offer.name}`}
          onClick={() => act(selected ? 'remove' : 'add')}
        >
          {selected ? 'Remove' : 'Add'}
        </button>
        {showSkip(choice, tier.plan, offer.product) && (
          <button
            type="button"
            className="button button--ghost"
            aria-label={`Skip ${offer.name}`}
            onClick={() => act('skip')}
          >
            Skip
          </button>
        )}
      </div>
    </li>
  );
}

/**
 * One plan card of /plans: name, price, what it includes, the product rows and, on the chosen
 * plan, Continue. "Choose" picks the plan (changing plan clears the choice, spec §4).
 */
export function PlanCard({ tier, choice, dispatch, onContinue }: PlanCardProps) {
  const chosen = choice.plan === tier.plan;
  const titleId = `plan-${tier.plan}-title`;
  const ready = chosen && canContinue(choice);
  return (
    <li
      className={`plan-card${chosen ? ' plan-card--chosen' : ''}${tier.featured ? ' plan-card--featured' : ''}`}
    >
      <section aria-labelledby={titleId} className="plan-card__inner">
        {tier.featured && <p className="plan-card__badge">Most popular</p>}
        <h3 id={titleId} className="plan-card__name">
          {tier.name}
        </h3>
        <p className="plan-card__price">{tier.headline}</p>
        <p className="plan-card__subline">{tier.subline}</p>
        <ul className="plan-card__includes">
          {tier.includes.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        {tier.offers.length > 0 && (
          <ul className="plan-card__offers" aria-label={`${tier.name} products`}>
            {tier.offers.map((offer) => (
              <OfferRow
                key={offer.product}
                tier={tier}
                offer={offer}
                choice={choice}
                dispatch={dispatch}
              />
            ))}
          </ul>
        )}
        <div className="plan-card__footer">
          {chosen ? (
            <>
              <button
                type="button"
                className="button button--primary plan-card__continue"
                disabled={!ready}
                aria-describedby={ready ? undefined : `${titleId}-hint`}
                onClick={onContinue}
              >
                Continue
              </button>
              {!ready && (
                <p id={`${titleId}-hint`} className="plan-card__hint">
                  Add a product to continue.
                </p>
              )}
            </>
          ) : (
            <button
              type="button"
              className={`button plan-card__choose${tier.offers.length === 0 ? ' button--primary' : ''}`}
              aria-label={
                tier.offers.length === 0 ? `Start free with ${tier.name}` : `Choose ${tier.name}`
              }
              onClick={() => dispatch({ type: 'plan', plan: tier.plan })}
            >
              {tier.offers.length === 0 ? 'Start free' : 'Choose'}
            </button>
          )}
        </div>
      </section>
    </li>
  );
}
