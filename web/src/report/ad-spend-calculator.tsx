import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { abbreviate, formatCents, formatChange } from '#shared/format';
import { TextField } from '../auth/form-controls';
import {
  type AdSpendFormInput,
  type AdSpendValues,
  adSpendFormSchema,
  basisPointsToInput,
  centsToInput,
  projectAdSpend,
} from '../lib/ad-spend';

/**
 * The calculator's inputs as the settings store them (H2's settings contract "ad-spend
 * calculator inputs"): integer cents and a percentage.
 */
export interface AdSpendInputs {
  ad_spend_cents: number;
  conversion_rate_pct: number;
  order_value_cents: number;
}

/** Props of the ad-spend calculator. */
export interface AdSpendCalculatorProps {
  /** The report's cost per visit in cents; null when airings have no cost. */
  costPerVisitCents: number | null;
  /** Starting values (saved settings). @default $5,000 spend, 2% conversion, $50 order */
  initial?: AdSpendInputs;
  /** Called with valid inputs whenever they change (for settings autosave). @default none */
  onChange?: (inputs: AdSpendInputs) => void;
}

const DEFAULTS: AdSpendInputs = {
  ad_spend_cents: 500_000,
  conversion_rate_pct: 2,
  order_value_cents: 5_000,
};

/**
 * The ad-spend calculator (spec §2): ad spend ($), conversion rate (%) and average
 * order value ($) -> projected visits at the report's cost per visit, conversions, revenue and
 * ROI. Inputs are validated as typed (react-hook-form + zod, messages under each field) and
 * converted to integer cents and basis points before any arithmetic (lib/ad-spend.ts).
 */
export function AdSpendCalculator({
  costPerVisitCents,
  initial = DEFAULTS,
  onChange,
}: AdSpendCalculatorProps) {
  const {
    register,
    control,
    formState: { errors },
  } = useForm<AdSpendFormInput, unknown, AdSpendValues>({
    resolver: zodResolver(adSpendFormSchema),
    mode: 'onChange',
    defaultValues: {
      ad_spend: centsToInput(initial.ad_spend_cents),
      conversion_rate: basisPointsToInput(Math.round(initial.conversion_rate_pct * 100)),
      order_value: centsToInput(initial.order_value_cents),
    },
  });
  const raw = useWatch({ control });
  const parsed = adSpendFormSchema.safeParse(raw);
  const values = parsed.success ? parsed.data : null;
  const projection = values && projectAdSpend(values, costPerVisitCents);

  const spend = values?.ad_spend;
  const rate = values?.conversion_rate;
  const order = values?.order_value;
  // Tell only what the user changed: not the starting values, and not again when the caller
  // passes a new callback (a settings save on every render would be a bug).
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const lastSent = useRef(
    `${initial.ad_spend_cents}|${initial.conversion_rate_pct}|${initial.order_value_cents}`,
  );
  useEffect(() => {
    if (spend === undefined || rate === undefined || order === undefined) return;
    const inputs = {
      ad_spend_cents: spend,
      conversion_rate_pct: rate / 100,
      order_value_cents: order,
    };
    const key = `${inputs.ad_spend_cents}|${inputs.conversion_rate_pct}|${inputs.order_value_cents}`;
    if (key === lastSent.current) return;
    lastSent.current = key;
    onChangeRef.current?.(inputs);
  }, [spend, rate, order]);

  return (
    <section className="card calculator" aria-labelledby="calculator-title">
      <h2 className="card__title" id="calculator-title">
        Ad-spend calculator
        {costPerVisitCents !== null && (
          <span className="card__hint"> · at {formatCents(costPerVisitCents)} per visit</span>
        )}
      </h2>
      <form className="calculator__form" noValidate onSubmit={(e) => e.preventDefault()}>
        <TextField
          label="Ad spend ($)"
          inputMode="decimal"
          registration={register('ad_spend')}
          error={errors.ad_spend}
        />
        <TextField
          label="Conversion rate (%)"
          inputMode="decimal"
          registration={register('conversion_rate')}
          error={errors.conversion_rate}
        />
        <TextField
          label="Average order value ($)"
          inputMode="decimal"
          registration={register('order_value')}
          error={errors.order_value}
        />
      </form>
      {costPerVisitCents === null ? (
        <p className="table-empty">
          This report has no cost per visit: add airing costs to the post-log to project a spend.
        </p>
      ) : projection ? (
        <dl className="calculator__results" aria-live="polite" data-testid="calculator-results">
          <div>
            <dt>Projected visits</dt>
            <dd title={projection.visits.toFixed(1)}>{abbreviate(projection.visits)}</dd>
          </div>
          <div>
            <dt>Conversions</dt>
            <dd title={projection.conversions.toFixed(2)}>{abbreviate(projection.conversions)}</dd>
          </div>
          <div>
            <dt>Revenue</dt>
            <dd>{formatCents(projection.revenueCents)}</dd>
          </div>
          <div>
            <dt>ROI</dt>
            <dd
              className={projection.profitCents >= 0 ? 'calculator__good' : 'calculator__bad'}
              title={`Profit ${formatCents(projection.profitCents)}`}
            >
              {formatChange(projection.roi)}
            </dd>
          </div>
        </dl>
      ) : (
        <p className="table-empty">Fix the fields above to see the projection.</p>
      )}
    </section>
  );
}
