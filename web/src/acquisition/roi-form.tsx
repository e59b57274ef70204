import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { RoiResult } from '#shared/contracts/acquisition.schema';
import { SubmitButton, TextField } from '../auth/form-controls';
import styles from './calculator.module.css';
import { centsOf, money, num } from './format';
import { Tile } from './plan-result';

/** The ROI step's form: conversion rate (percent) and order value (dollars → integer cents). */
const roiFormSchema = z
  .object({
    conversion_rate_pct: z
      .string()
      .regex(/^\d{1,3}(\.\d{1,2})?$/, 'Conversion rate: a percentage such as 2.5.')
      .refine((t) => Number(t) <= 100, 'Conversion rate: at most 100.'),
    order_value: z
      .string()
      .refine((t) => centsOf(t) !== null, 'Order value: dollars, such as 120 or 120.50.')
      .refine((t) => (centsOf(t) ?? 0) <= 100_000_000, 'Order value: at most $1,000,000.'),
  })
  .transform((v) => ({
    conversion_rate_pct: Number(v.conversion_rate_pct),
    order_value_cents: centsOf(v.order_value) ?? 0,
  }));

type RoiFormInput = z.input<typeof roiFormSchema>;
/** The return calculator's inputs (also what a saved plan keeps). */
export type RoiFields = z.output<typeof roiFormSchema>;

/** Goals → ROI: orders, revenue and ROI of the chosen budget and visits. */
export function RoiForm({
  basis,
  onSubmit,
  result,
}: {
  /** What the ROI is of, in words ("the plan: $5,000.00 for 61.2 visits"). */
  basis: string;
  onSubmit: (fields: RoiFields) => Promise<void>;
  result: RoiResult | null;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<RoiFormInput, unknown, RoiFields>({
    resolver: zodResolver(roiFormSchema),
    defaultValues: { conversion_rate_pct: '', order_value: '' },
  });
  return (
    <>
      <p>Return of {basis}.</p>
      <form className={styles.form} noValidate onSubmit={handleSubmit(onSubmit)}>
        <div className={styles.row}>
          <TextField
            label="Conversion rate of visits (%)"
            inputMode="decimal"
            registration={register('conversion_rate_pct')}
            error={errors.conversion_rate_pct}
          />
          <TextField
            label="Average order value (USD)"
            inputMode="decimal"
            registration={register('order_value')}
            error={errors.order_value}
          />
        </div>
        <SubmitButton busy={isSubmitting}>Work out the return</SubmitButton>
      </form>
      {result && (
        <div className={styles.tiles} aria-live="polite">
          <Tile label="Orders" value={num(result.orders, 2)} />
          <Tile label="Revenue" value={money(result.revenue_cents)} />
          <Tile label="ROI" value={`${num(result.roi_pct, 2)}%`} />
          <Tile label="Cost per order" value={money(result.cost_per_order_cents)} />
          <Tile
            label="Break-even conversion rate"
            value={
              result.break_even_conversion_rate_pct === null
                ? '—'
                : `${num(result.break_even_conversion_rate_pct, 2)}%`
            }
          />
        </div>
      )}
    </>
  );
}
