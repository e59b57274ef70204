import { CALL_SIGNUP_PRICE, signupPriceCents } from '#shared/contracts/call-record';
import { formatCents } from '#shared/format';

/** "$399" for whole dollars, "$99.99" otherwise. */
const money = (cents: number) => formatCents(cents).replace(/\.00$/, '');

/**
 * The live price of the sign-up (spec §9 "Call-centre sign-up: $99.99 per month per region (list
 * price $399); total capped at $399 for multiple regions"), announced politely as regions change.
 */
export function SignupPrice({ regionCount }: { regionCount: number }) {
  const total = signupPriceCents(regionCount);
  const { perRegionCents, capCents, listPriceCents } = CALL_SIGNUP_PRICE;
  return (
    <div className="cc-price">
      <p className="cc-price__rule">
        {money(perRegionCents)}/month per region, capped at {money(capCents)} (list{' '}
        {money(listPriceCents)})
      </p>
      <p className="cc-price__total" aria-live="polite">
        {regionCount === 0
          ? 'Pick the regions to see the price.'
          : `${regionCount} ${regionCount === 1 ? 'region' : 'regions'}: ${money(total)}/month`}
      </p>
    </div>
  );
}
