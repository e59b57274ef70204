import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { GoalsResult } from '#shared/contracts/acquisition.schema';
import { FieldMessage, SubmitButton, TextField } from '../auth/form-controls';
import styles from './calculator.module.css';
import { money, num } from './format';
import { PlanLines, Tile } from './plan-result';

/** The goal step's form: the goal's fields of the contract's goals input, from text inputs. */
const goalFormSchema = z
  .object({
    goal: z.enum(['visits', 'acquisitions']),
    target: z
      .string()
      .regex(/^\d{1,9}$/, 'Target: a whole number.')
      .refine((t) => Number(t) >= 1 && Number(t) <= 100_000_000, 'Target: 1 to 100,000,000.'),
    conversion_rate_pct: z.string(),
  })
  .superRefine((v, ctx) => {
    const rate = Number(v.conversion_rate_pct);
    if (v.goal === 'acquisitions' && !(v.conversion_rate_pct.trim() && rate > 0 && rate <= 100))
      ctx.addIssue({
        code: 'custom',
        path: ['conversion_rate_pct'],
        message: 'Conversion rate: above 0 and at most 100 for an acquisitions goal.',
      });
  })
  .transform((v) => ({
    goal: v.goal,
    target: Number(v.target),
    ...(v.conversion_rate_pct.trim() ? { conversion_rate_pct: Number(v.conversion_rate_pct) } : {}),
  }));

type GoalFormInput = z.input<typeof goalFormSchema>;
/** What the goal step asks of the plan's scope. */
export type GoalFields = z.output<typeof goalFormSchema>;

/** Plan → goals: the cheapest mix reaching a visits or acquisitions goal, explained. */
export function GoalsForm({
  onSubmit,
  result,
}: {
  onSubmit: (goal: GoalFields) => Promise<void>;
  result: GoalsResult | null;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<GoalFormInput, unknown, GoalFields>({
    resolver: zodResolver(goalFormSchema),
    defaultValues: { goal: 'visits', target: '', conversion_rate_pct: '' },
  });
  return (
    <>
      <form className={styles.form} noValidate onSubmit={handleSubmit(onSubmit)}>
        <div className={styles.row}>
          <div className="form-field">
            <label htmlFor="calc-goal" className="form-field__label">
              Goal
            </label>
            <select id="calc-goal" className="input form-field__input" {...register('goal')}>
              <option value="visits">Website visits</option>
              <option value="acquisitions">Acquisitions (orders, sign-ups)</option>
            </select>
            <FieldMessage error={errors.goal} />
          </div>
          <TextField
            label="Target a month"
            inputMode="numeric"
            registration={register('target')}
            error={errors.target}
          />
          <TextField
            label="Conversion rate (%)"
            inputMode="decimal"
            hint="Visits that become an acquisition; needed for an acquisitions goal."
            registration={register('conversion_rate_pct')}
            error={errors.conversion_rate_pct}
          />
        </div>
        <SubmitButton busy={isSubmitting}>Find the cheapest mix</SubmitButton>
      </form>
      {result && (
        <div className={styles.result} aria-live="polite">
          <p className={result.feasible ? styles.ok : styles.warn} role="status">
            {result.feasible
              ? `Reachable: ${money(result.budget_cents)} a month.`
              : `Out of reach with these outlets: at most ${num(result.visits)} visits.`}
          </p>
          <div className={styles.tiles}>
            <Tile label="Budget needed" value={money(result.budget_cents)} />
            <Tile label="Expected visits" value={num(result.visits)} />
            {result.acquisitions !== null && (
              <Tile label="Acquisitions" value={num(result.acquisitions)} />
            )}
          </div>
          {result.lines.length > 0 && <PlanLines lines={result.lines} caption="The goal's mix" />}
          <h3 className={styles.subhead}>How the mix was chosen</h3>
          <ol className={styles.explanation}>
            {result.explanation.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ol>
        </div>
      )}
    </>
  );
}
