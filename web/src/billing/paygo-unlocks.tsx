import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { formatUsd, PAYGO_FEATURES } from '#shared/billing/price-table';
import { ratingsOpenedBy } from '#shared/billing/product-unlocks';
import type { BillingProfile } from '#shared/contracts/billing.schema';
import { useSession } from '../account/use-account';
import { FormAlert } from '../auth/form-controls';
import { PENDING_NOTICE } from './billing-format';
import { cardErrorMessage, orderProduct } from './use-billing';

/** Props of {@link PaygoUnlocks}. */
export interface PaygoUnlocksProps {
  orgUid: string;
  /** Features the organisation's Starter subscription already pays for. */
  owned: readonly string[];
  /** Called with the refreshed profile after an order. */
  onOrdered: (profile: BillingProfile) => void;
  /** Paid by invoice: charged by an invoice, and unlocked when it is paid. @default false */
  invoiced?: boolean;
}

/**
 * Pay-per-insight unlocks of the Individual Starter plan (spec §9 "paygo also has full-unlock
 * prices", "Pro-rata billed features"): each insight from the price table
 * with its monthly price, owned ones marked, a running total, the terms box, and one order
 * (order_product with plan paygo and the chosen features). Stripe bills them monthly with the
 * card on file (the session is refreshed so the report's flags follow at once), or by invoice,
 * when they unlock once the invoice is paid (the answer says pending).
 */
export function PaygoUnlocks({ orgUid, owned, onOrdered, invoiced = false }: PaygoUnlocksProps) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [terms, setTerms] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const id = useId();
  const session = useSession();
  const total = PAYGO_FEATURES.filter((f) => chosen.has(f.feature)).reduce(
    (sum, f) => sum + f.unit_amount,
    0,
  );

  const toggle = (feature: string) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (next.has(feature)) next.delete(feature);
      else next.add(feature);
      return next;
    });

  const order = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const features = [...chosen];
      const result = await orderProduct({
        plan: 'paygo',
        organization_uid: orgUid,
        accept_terms: true,
        features,
      });
      if (result.profile) onOrdered(result.profile);
      void session.mutate();
      const names = PAYGO_FEATURES.filter((f) => chosen.has(f.feature))
        .map((f) => f.name)
        .join(', ');
      setDone(
        result.outcome === 'pending'
          ? `Ordered: ${names}. ${PENDING_NOTICE}`
          : `Unlocked: ${names}.`,
      );
      setChosen(new Set());
      setTerms(false);
    } catch (error) {
      setProblem(cardErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <fieldset className="paygo-unlocks">
      <legend className="paygo-unlocks__title">Unlock single insights</legend>
      <p className="form-field__hint">
        Pay only for what you use,{' '}
        {invoiced ? 'invoiced monthly' : 'billed monthly to the card on file'}. Need most of them?{' '}
        <Link to="/plans">Individual Unlimited</Link> unlocks everything.
      </p>
      <FormAlert tone="success" message={done} />
      <FormAlert message={problem} />
      <ul className="paygo-unlocks__list">
        {PAYGO_FEATURES.map((f) => {
          const has = owned.includes(f.feature);
          const ratings = ratingsOpenedBy(f.flag);
          return (
            <li key={f.feature}>
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={has || chosen.has(f.feature)}
                  disabled={has || busy}
                  onChange={() => toggle(f.feature)}
                />
                <span>
                  {f.name}{' '}
                  <span className="paygo-unlocks__price">
                    {has ? 'unlocked' : `${formatUsd(f.unit_amount)}/month`}
                  </span>
                </span>
              </label>
              {ratings.length > 0 && (
                <p className="form-field__hint paygo-unlocks__also">
                  Also opens: {ratings.join('; ')}
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <p className="paygo-unlocks__total" aria-live="polite">
        {chosen.size === 0
          ? 'Choose the insights to unlock.'
          : `${chosen.size} selected: ${formatUsd(total)}/month, ${invoiced ? 'invoiced' : 'charged'} today.`}
      </p>
      <label className="checkbox form-check" htmlFor={`${id}-terms`}>
        <input
          id={`${id}-terms`}
          type="checkbox"
          checked={terms}
          onChange={(e) => setTerms(e.target.checked)}
        />
        <span>
          I accept the{' '}
          <Link to="/terms-and-conditions" target="_blank" rel="noopener">
            terms and conditions
          </Link>
        </span>
      </label>
      <button
        type="button"
        className="button button--primary"
        disabled={chosen.size === 0 || !terms || busy}
        onClick={() => void order()}
      >
        {busy ? 'Unlocking…' : 'Unlock selected insights'}
      </button>
    </fieldset>
  );
}
