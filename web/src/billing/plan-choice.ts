import {
  PLANS,
  type PlanId,
  PRODUCTS,
  type ProductId,
  SINGLE_PRODUCTS,
  type SingleProduct,
} from '#shared/billing/price-table';

/**
 * The plan choice of /plans (spec §4 "Plan choice"): one plan at a time; each product
 * (advertiser, industry) of it is selected, skipped or neither. Pure functions, so the rules are
 * tested without a screen.
 */

/** Where one product stands in the choice. */
export type ProductMark = 'selected' | 'skipped' | null;

/** The whole choice: the plan (or none yet) and a mark per product. */
export interface PlanChoice {
  plan: PlanId | null;
  products: Record<SingleProduct, ProductMark>;
}

/** What a click does to the choice. */
export type ChoiceAction =
  | { type: 'plan'; plan: PlanId }
  | { type: 'add' | 'remove' | 'skip'; plan: PlanId; product: SingleProduct };

const CLEAR: PlanChoice['products'] = { advertiser: null, industry: null };

/** Nothing chosen. */
export const EMPTY_CHOICE: PlanChoice = { plan: null, products: CLEAR };

/**
 * Applies a click. Rules (spec §4): changing the plan clears the choice; Add marks the product
 * selected, Remove clears it, Skip marks it skipped. Add, Remove or Skip on another plan's card
 * first changes the plan (so the old plan's marks are cleared).
 */
export function choiceReducer(state: PlanChoice, action: ChoiceAction): PlanChoice {
  const base = state.plan === action.plan ? state : { plan: action.plan, products: CLEAR };
  if (action.type === 'plan') return base;
  const mark: ProductMark =
    action.type === 'add' ? 'selected' : action.type === 'skip' ? 'skipped' : null;
  return { plan: base.plan, products: { ...base.products, [action.product]: mark } };
}

/** The product the order carries: `both` when both are selected, else the one, else null. */
export function chosenProduct(choice: PlanChoice): ProductId | null {
  const picked = SINGLE_PRODUCTS.filter((p) => choice.products[p] === 'selected');
  if (picked.length === 2) return 'both';
  return picked[0] ?? null;
}

/**
 * Whether a product row of `plan`'s card shows Skip: only on the chosen plan, and only while
 * the product is neither selected nor skipped (spec §4).
 */
export function showSkip(choice: PlanChoice, plan: PlanId, product: SingleProduct): boolean {
  return choice.plan === plan && choice.products[product] === null;
}

/** Whether a product row of `plan`'s card reads Remove (selected) instead of Add. */
export function isSelected(choice: PlanChoice, plan: PlanId, product: SingleProduct): boolean {
  return choice.plan === plan && choice.products[product] === 'selected';
}

/**
 * Whether Continue is possible: a plan is chosen, and (except for the free Starter plan, which
 * orders no product) at least one product is selected.
 */
export function canContinue(choice: PlanChoice): boolean {
  if (choice.plan === null) return false;
  return choice.plan === 'paygo' || chosenProduct(choice) !== null;
}

/**
 * Where Continue goes: `/plans/subscribe?plan=<plan>&product=<product>` (spec §4 "Continue goes to
 * subscribe ... product becomes both if both selected"); no product for the Starter plan.
 * @returns null when {@link canContinue} is false.
 */
export function subscribePath(choice: PlanChoice): string | null {
  if (!canContinue(choice) || choice.plan === null) return null;
  const params = new URLSearchParams({ plan: choice.plan });
  const product = chosenProduct(choice);
  if (product && choice.plan !== 'paygo') params.set('product', product);
  return `/plans/subscribe?${params.toString()}`;
}

/** A plan id from a query value, or null. */
export function parsePlan(value: string | null): PlanId | null {
  return (PLANS as readonly string[]).includes(value ?? '') ? (value as PlanId) : null;
}

/** A product id from a query value, or null. */
export function parseProduct(value: string | null): ProductId | null {
  return (PRODUCTS as readonly string[]).includes(value ?? '') ? (value as ProductId) : null;
}

/**
 * The choice /plans starts with from its query (params plan, product; spec §2). A product
 * without a plan (the paywall's Unlock links) picks Individual Unlimited; `both` selects both.
 */
export function initialChoice(planParam: string | null, productParam: string | null): PlanChoice {
  const product = parseProduct(productParam);
  const plan = parsePlan(planParam) ?? (product ? 'individual' : null);
  if (plan === null) return EMPTY_CHOICE;
  if (product === null || plan === 'paygo') return { plan, products: CLEAR };
  return {
    plan,
    products: {
      advertiser: product === 'industry' ? null : 'selected',
      industry: product === 'advertiser' ? null : 'selected',
    },
  };
}
