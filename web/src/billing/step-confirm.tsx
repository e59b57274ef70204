import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import type { z } from 'zod';
import {
  ASSOCIATION_DISCOUNT,
  formatUsd,
  type PlanId,
  type ProductId,
} from '#shared/billing/price-table';
import {
  type OrderProductInput,
  type OrderResult,
  orderProductSchema,
} from '#shared/contracts/billing.schema';
import { errorMessage } from '../api/client';
import { FieldMessage, FormAlert, TextField } from '../auth/form-controls';
import { formatDay, methodText, monthlyUsd, PENDING_NOTICE } from './billing-format';
import { type OrderSummary, orderSummary } from './order-summary';
import { orderProduct, useBillingProfile } from './use-billing';

type OrderValues = z.output<typeof orderProductSchema>;

/** The summary lines of an order, as a small table. */
export function OrderSummaryTable({
  summary,
  billedTo,
  invoiced = false,
}: {
  summary: OrderSummary;
  /** How the order is paid, e.g. "Visa •••• 4242". @default none */
  billedTo?: string;
  /** Paid by invoice: what is due today is invoiced, due in 30 days. @default false */
  invoiced?: boolean;
}) {
  const rows: [string, string][] = [['Plan', summary.planName]];
  if (summary.productName) rows.push(['Product', summary.productName]);
  if (summary.kind === 'paygo') rows.push(['Monthly price', 'Pay as you go']);
  else if (summary.kind === 'quoted') rows.push(['Monthly price', 'TBD']);
  else if (summary.listPrice !== null) rows.push(['Monthly price', monthlyUsd(summary.listPrice)]);
  if (summary.discount > 0)
    rows.push([
      `Association discount (${ASSOCIATION_DISCOUNT.percent_off}% off Industry Insights)`,
      `-${formatUsd(summary.discount)}/month`,
    ]);
  if (summary.credit > 0)
    rows.push(['Credit for the unused time of your current plan', `-${formatUsd(summary.credit)}`]);
  if (billedTo) rows.push(['Billed to', billedTo]);
  const due = summary.dueToday === null ? 'TBD' : formatUsd(summary.dueToday);
  return (
    <table className="order-summary">
      <caption className="visually-hidden">Order summary</caption>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{value}</td>
          </tr>
        ))}
        <tr className="order-summary__due">
          <th scope="row">{invoiced ? 'Invoiced today, due in 30 days' : 'Due today'}</th>
          <td>{due}</td>
        </tr>
      </tbody>
    </table>
  );
}

/** Props of {@link ConfirmStep}. */
export interface ConfirmStepProps {
  plan: PlanId;
  product: ProductId | null;
  orgUid: string;
  onOrdered: (result: OrderResult) => void;
}

/**
 * The confirm step (spec §2 "confirm (terms checkbox enables Subscribe)", "Paygo shows $0 due
 * today and Pay as you go"; §4 proration; §7 "Order product POST (plan, product,
 * organization_uid)"): the order summary, an association code, the terms checkbox and
 * Subscribe, checked with the server's orderProductSchema. Paid by invoice, it says first that
 * access starts when the invoice is paid (unless staff approved the customer).
 */
export function ConfirmStep({ plan, product, orgUid, onOrdered }: ConfirmStepProps) {
  const profile = useBillingProfile(plan === 'paygo' ? null : orgUid);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<OrderProductInput, unknown, OrderValues>({
    resolver: zodResolver(orderProductSchema),
    defaultValues: {
      plan,
      ...(product && plan !== 'paygo' ? { product } : {}),
      organization_uid: orgUid,
      accept_terms: false as unknown as true,
      association_code: '',
    },
  });
  const accepted = watch('accept_terms') === true;
  const invoiced = profile.data?.billing_method === 'invoice';
  const summary = orderSummary({
    plan,
    product,
    current: profile.data?.subscription ?? null,
    associationCode: watch('association_code') ?? '',
    now: Math.floor(Date.now() / 1000),
  });

  const onSubmit = async (values: OrderValues) => {
    setServerError(null);
    try {
      onOrdered(
        await orderProduct({ ...values, association_code: values.association_code || undefined }),
      );
    } catch (error) {
      setServerError(errorMessage(error));
    }
  };

  return (
    <form className="auth-form" noValidate onSubmit={handleSubmit(onSubmit)} aria-label="Confirm">
      <FormAlert message={serverError} />
      <OrderSummaryTable
        summary={summary}
        billedTo={profile.data?.billing_setup ? methodText(profile.data) : undefined}
        invoiced={invoiced}
      />
      {invoiced && !profile.data?.invoice_approved && summary.kind !== 'paygo' && (
        <p className="billing-notice" role="status">
          {PENDING_NOTICE} The invoice is issued today and due in 30 days; pay it from your account
          page.
        </p>
      )}
      {summary.kind === 'paygo' && (
        <p className="wizard__lead">
          <strong>$0 due today.</strong> Pay as you go: unlock single insights from your reports
          when you need them.
        </p>
      )}
      {summary.changesSubscription && summary.renewsAt !== null && (
        <p className="wizard__lead">
          Your billing cycle restarts today with a credit for the unused time; your next renewal is
          on {formatDay(summary.renewsAt)}.
        </p>
      )}
      {!summary.changesSubscription && summary.renewsAt !== null && (
        <p className="wizard__lead">
          Renews monthly on {formatDay(summary.renewsAt)}. Cancel any time.
        </p>
      )}
      {summary.alreadyCovered && (
        <FormAlert message="Your current subscription already includes this product." />
      )}
      {summary.kind === 'priced' && (
        <TextField
          label="Association member code (optional)"
          autoComplete="off"
          registration={register('association_code')}
          error={errors.association_code}
          hint={
            summary.discountNotApplicable
              ? 'The association discount applies to Industry Insights only.'
              : `Members get ${ASSOCIATION_DISCOUNT.percent_off}% off Industry Insights. We check the code when you subscribe.`
          }
        />
      )}
      <div className="form-field">
        <label className="checkbox form-check">
          <input
            type="checkbox"
            aria-describedby={errors.accept_terms ? 'confirm-terms-error' : undefined}
            {...register('accept_terms')}
          />
          <span>
            I accept the{' '}
            <Link to="/terms-and-conditions" target="_blank" rel="noopener">
              terms and conditions
            </Link>
          </span>
        </label>
        <FieldMessage id="confirm-terms-error" error={errors.accept_terms} />
      </div>
      <div className="wizard__actions">
        <button
          type="submit"
          className="button button--primary form-submit"
          disabled={!accepted || isSubmitting || summary.alreadyCovered}
          aria-busy={isSubmitting || undefined}
        >
          {isSubmitting ? 'Subscribing…' : 'Subscribe'}
        </button>
      </div>
    </form>
  );
}
