import { PRODUCT_NAMES } from '#shared/billing/price-table';
import { PLAN_TYPE_PRODUCT, type PlanType, type Selection } from '#shared/contracts/signup.schema';
import { type PlanOffer, planOffer, planOffers } from './plan-offers';

/** Props of the plan picker. */
export interface PlanPickerProps {
  planType: PlanType;
  selection: Selection | null;
  onSelect: (selection: Selection) => void;
  /** Choose Another Plan (spec §4: clears the selection). */
  onChooseAnother: () => void;
}

/** The price line of a card: "$99/month", "Free", "Let's talk". */
function Price({ offer }: { offer: PlanOffer }) {
  return (
    <p className="signup-plan__price">
      <span className="signup-plan__amount">{offer.price}</span>
      {offer.per && <span className="signup-plan__per">{offer.per}</span>}
    </p>
  );
}

/**
 * The plan_picker step (spec §3 selection: free, individual, team, enterprise; prices from the
 * price table). With a plan chosen it folds into a summary with Choose Another Plan.
 */
export function PlanPicker({ planType, selection, onSelect, onChooseAnother }: PlanPickerProps) {
  if (selection) {
    const offer = planOffer(selection, planType);
    return (
      <div className="signup-chosen">
        <div>
          <p className="signup-chosen__name">
            {offer.name} · {PRODUCT_NAMES[PLAN_TYPE_PRODUCT[planType]]}
          </p>
          <Price offer={offer} />
          <p className="signup-plan__summary">{offer.summary}</p>
        </div>
        <button type="button" className="button" onClick={onChooseAnother}>
          Choose Another Plan
        </button>
      </div>
    );
  }
  return (
    <ul className="signup-plans">
      {planOffers(planType).map((offer) => (
        <li key={offer.selection} className="signup-plan" data-plan={offer.selection}>
          <h3 className="signup-plan__name">{offer.name}</h3>
          <Price offer={offer} />
          <p className="signup-plan__summary">{offer.summary}</p>
          <ul className="signup-plan__points">
            {offer.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
          {offer.discount && <p className="signup-plan__discount">{offer.discount}</p>}
          <button
            type="button"
            className={`button ${offer.selection === 'free' ? 'button--primary' : ''} signup-plan__choose`}
            aria-label={`Choose ${offer.name}`}
            onClick={() => onSelect(offer.selection)}
          >
            {offer.selection === 'enterprise' ? 'Talk to us' : 'Choose'}
          </button>
        </li>
      ))}
    </ul>
  );
}
