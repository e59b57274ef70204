import { z } from 'zod';

/**
 * The ad-spend calculator's arithmetic (spec §2 "an ad-spend calculator"): ad spend,
 * conversion rate and average order value -> projected visits from the
 * report's cost per visit, conversions, revenue and ROI. Money stays in integer cents and the
 * rate in integer basis points (1 bp = 0.01%), so no float ever holds money. Pure.
 */

/** Largest ad spend accepted: $100,000,000. */
export const MAX_SPEND_CENTS = 10_000_000_000;
/** Largest average order value accepted: $1,000,000. */
export const MAX_ORDER_CENTS = 100_000_000;

/**
 * Dollars as typed ("1,234.56", "$1234", "1234.5") -> integer cents, exactly (no float math):
 * at most 2 decimals; commas only as thousands separators. Anything else -> null.
 */
export function parseDollarsToCents(text: string): number | null {
  const clean = text.trim().replace(/^\$\s*/, '');
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{0,2}))?$/.exec(clean);
  if (!match) return null;
  const whole = Number(match[1]!.replaceAll(',', ''));
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  const total = whole * 100 + cents;
  return Number.isSafeInteger(total) ? total : null;
}

/** A percentage as typed ("2.5", "2.5%") -> basis points (250); at most 2 decimals, else null. */
export function parsePercentToBasisPoints(text: string): number | null {
  const match = /^(\d{1,3})(?:\.(\d{0,2}))?\s*%?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Integer cents or basis points from a text field, with the field's message when invalid. */
function amount(parse: (t: string) => number | null, message: string, min: number, max: number) {
  return z
    .string()
    .trim()
    .min(1, message)
    .transform((text, ctx) => {
      const value = parse(text);
      if (value === null || value < min || value > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return value;
    });
}

/**
 * The calculator form (text inputs -> integers). Messages name the field and say what is
 * accepted. Output: ad_spend_cents, conversion_rate_bp (1-10,000), order_value_cents.
 */
export const adSpendFormSchema = z.object({
  ad_spend: amount(
    parseDollarsToCents,
    'Ad spend: enter dollars above $0 and up to $100,000,000, e.g. 5,000 or 5000.00',
    1,
    MAX_SPEND_CENTS,
  ),
  conversion_rate: amount(
    parsePercentToBasisPoints,
    'Conversion rate: enter a percentage above 0 and up to 100, at most 2 decimals, e.g. 2.5',
    1,
    10_000,
  ),
  order_value: amount(
    parseDollarsToCents,
    'Average order value: enter dollars above $0 and up to $1,000,000, e.g. 85.00',
    1,
    MAX_ORDER_CENTS,
  ),
});
export type AdSpendFormInput = z.input<typeof adSpendFormSchema>;
export type AdSpendValues = z.output<typeof adSpendFormSchema>;

/** What the calculator projects. */
export interface AdSpendProjection {
  /** Visits the spend buys at the report's cost per visit (fractional; shown rounded). */
  visits: number;
  /** visits × conversion rate. */
  conversions: number;
  /** conversions × order value, rounded to whole cents. */
  revenueCents: number;
  /** revenue − spend, integer cents. */
  profitCents: number;
  /** (revenue − spend) / spend as a fraction: 0.5 = 50% return. */
  roi: number;
}

/**
 * Projects a spend: visits = spend / cost per visit; conversions = visits × rate; revenue =
 * conversions × order value; ROI = (revenue − spend) / spend. Null when the report has no cost
 * per visit (no airing costs, or no attributed visits).
 */
export function projectAdSpend(
  values: AdSpendValues,
  costPerVisitCents: number | null,
): AdSpendProjection | null {
  if (costPerVisitCents === null || !(costPerVisitCents > 0)) return null;
  const visits = values.ad_spend / costPerVisitCents;
  const conversions = (visits * values.conversion_rate) / 10_000;
  const revenueCents = Math.round(conversions * values.order_value);
  const profitCents = revenueCents - values.ad_spend;
  return { visits, conversions, revenueCents, profitCents, roi: profitCents / values.ad_spend };
}

/** Integer cents as the text a dollar field shows: 123456 -> "1234.56". */
export function centsToInput(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(Math.abs(cents % 100)).padStart(2, '0')}`;
}

/** Basis points as the text a percent field shows: 250 -> "2.5". */
export function basisPointsToInput(bp: number): string {
  return String(bp / 100);
}
