import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  ACQUISITION_OUTLETS_MAX,
  type CalculateInput,
  calculateInputSchema,
  type Outlet,
} from '#shared/contracts/acquisition.schema';
import { FieldMessage, SubmitButton, TextField } from '../auth/form-controls';
import styles from './calculator.module.css';
import { centsOf, money, num } from './format';
import { useAcquisitionOutlets, useAcquisitionRegions, useDayparts } from './use-acquisition';

/**
 * The budget step's form: the budget in dollars, then checked against the contract's
 * calculate input (the server checks the same schema), so a bad value names its field here.
 */
const budgetFormSchema = z
  .object({
    region: z.string().regex(/^\d{3}$/, 'Choose a market.'),
    outlets: z
      .array(z.string())
      .min(1, 'Choose at least one outlet.')
      .max(ACQUISITION_OUTLETS_MAX, `At most ${ACQUISITION_OUTLETS_MAX} outlets.`),
    spot_length_s: z.enum(['15', '30', '60']),
    budget: z
      .string()
      .refine((t) => centsOf(t) !== null, 'Budget: dollars, such as 5000 or 5,000.50.')
      .refine((t) => (centsOf(t) ?? 0) >= 100, 'Budget: at least $1.')
      .refine((t) => (centsOf(t) ?? 0) <= 10_000_000_000, 'Budget: at most $100,000,000.'),
    client_uid: z.string(),
    /** 'all' or one daypart id. */
    daypart: z.string().optional(),
  })
  .transform((v) => {
    const input: z.input<typeof calculateInputSchema> = {
      regions: [v.region],
      outlets: v.outlets,
      spot_length_s: Number(v.spot_length_s) as 15 | 30 | 60,
      budget_cents: centsOf(v.budget) ?? 0,
      dayparts: v.daypart && v.daypart !== 'all' ? [v.daypart] : [],
    };
    if (v.client_uid) input.client_uid = v.client_uid;
    return input;
  })
  .pipe(calculateInputSchema);

type BudgetFormInput = z.input<typeof budgetFormSchema>;

/** Props of {@link BudgetForm}. */
export interface BudgetFormProps {
  /** Advertisers whose own visits per airing may be used (app only). @default none */
  clients?: readonly { client_uid: string; name: string }[];
  /**
   * The caller has not unlocked daypart ratings: the daypart select shows locked (the server
   * plans all day for them anyway). @default false
   */
  daypartsLocked?: boolean;
  /** Runs the plan; a thrown error is shown by the page. */
  onSubmit: (input: CalculateInput) => Promise<void>;
}

/** One outlet's choice line: label, market, rating and rate. */
function outletText(o: Outlet): string {
  const rating = o.rating === null ? 'not rated' : `rating ${num(o.rating)}`;
  return `${o.label} · ${rating} · ${o.spot_rate_cents === null ? 'rate unknown' : `${money(o.spot_rate_cents)} a 30 s spot`}`;
}

/** Budget → plan: market, outlets, spot length, budget (and the advertiser, in the app). */
export function BudgetForm({ clients, daypartsLocked = false, onSubmit }: BudgetFormProps) {
  const regions = useAcquisitionRegions();
  const dayparts = useDayparts();
  const {
    register,
    handleSubmit,
    setValue,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<BudgetFormInput, unknown, CalculateInput>({
    resolver: zodResolver(budgetFormSchema),
    defaultValues: {
      region: '',
      outlets: [],
      spot_length_s: '30',
      budget: '',
      client_uid: '',
      daypart: 'all',
    },
  });
  const region = watch('region');
  const chosen = watch('outlets');
  const outlets = useAcquisitionOutlets(region || null);

  // A first market is chosen for the visitor, so the outlets show at once.
  const first = regions.data?.[0]?.id;
  useEffect(() => {
    if (first && !region) setValue('region', first);
  }, [first, region, setValue]);

  const toggle = (id: string, on: boolean) =>
    setValue('outlets', on ? [...chosen, id] : chosen.filter((x) => x !== id), {
      shouldValidate: errors.outlets !== undefined,
    });

  return (
    <form className={styles.form} noValidate onSubmit={handleSubmit(onSubmit)}>
      <div className={styles.row}>
        <div className="form-field">
          <label htmlFor="calc-region" className="form-field__label">
            Market
          </label>
          <select
            id="calc-region"
            className="input form-field__input"
            {...register('region', { onChange: () => setValue('outlets', []) })}
          >
            {regions.data === undefined && <option value="">Loading markets…</option>}
            {regions.data?.length === 0 && <option value="">No market has ratings yet</option>}
            {regions.data?.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
                {r.parent ? `, ${r.parent}` : ''} ({r.outlets} outlets)
              </option>
            ))}
          </select>
          <FieldMessage error={errors.region} />
        </div>
        <div className="form-field">
          <label htmlFor="calc-length" className="form-field__label">
            Spot length
          </label>
          <select
            id="calc-length"
            className="input form-field__input"
            {...register('spot_length_s')}
          >
            <option value="15">15 seconds</option>
            <option value="30">30 seconds</option>
            <option value="60">60 seconds</option>
          </select>
        </div>
        <div className="form-field">
          <label htmlFor="calc-daypart" className="form-field__label">
            {daypartsLocked ? 'Daypart (locked)' : 'Daypart'}
          </label>
          <select
            id="calc-daypart"
            className="input form-field__input"
            disabled={daypartsLocked}
            aria-describedby={daypartsLocked ? 'calc-daypart-hint' : undefined}
            {...register('daypart')}
          >
            <option value="all">All day</option>
            {!daypartsLocked &&
              dayparts.data
                ?.filter((d) => d.id !== 'all')
                .map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.name}
                    {d.parent ? ` (${d.parent})` : ''}
                  </option>
                ))}
          </select>
          {daypartsLocked && (
            <p id="calc-daypart-hint" className="form-field__hint">
              Daypart ratings are part of Industry Insights.
            </p>
          )}
        </div>
        <TextField
          label="Monthly budget (USD)"
          inputMode="decimal"
          placeholder="5,000"
          registration={register('budget')}
          error={errors.budget}
        />
        {clients && clients.length > 0 && (
          <div className="form-field">
            <label htmlFor="calc-client" className="form-field__label">
              Advertiser (its own response)
            </label>
            <select
              id="calc-client"
              className="input form-field__input"
              {...register('client_uid')}
            >
              <option value="">None: use the outlets' response</option>
              {clients.map((c) => (
                <option key={c.client_uid} value={c.client_uid}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      <fieldset className={styles.outlets} aria-describedby="calc-outlets-error">
        <legend className="form-field__label">Outlets</legend>
        {outlets.data?.outlets.length === 0 && <p>No outlet in this market has a rating yet.</p>}
        {outlets.data?.outlets.map((o) => (
          <label key={o.id} className={styles.outlet}>
            <input
              type="checkbox"
              checked={chosen.includes(o.id)}
              onChange={(e) => toggle(o.id, e.target.checked)}
            />
            <span>{outletText(o)}</span>
          </label>
        ))}
        <FieldMessage
          id="calc-outlets-error"
          error={errors.outlets ? { type: 'outlets', message: errors.outlets.message } : undefined}
        />
      </fieldset>
      <SubmitButton busy={isSubmitting}>Plan this budget</SubmitButton>
    </form>
  );
}
