import { isEnterpriseLike, type PlanId, type ProductId } from '#shared/billing/price-table';
import type { OrganizationView } from '#shared/contracts/account-results.schema';

/**
 * The steps of /plans/subscribe (spec §2 "Steps: plan, account (register if no user), organization
 * (pick or add, if required), billing (if not enterprise, an organization selected and billing
 * required ...), confirm"; §4 "enterprise shows Thank you for your interest"; §5 "Team and
 * enterprise need an organization selected"). Pure, so the gating is tested without a screen.
 */

/** One step of the wizard. `contact` replaces billing and confirm for enterprise-like orders. */
export type StepId = 'plan' | 'account' | 'organization' | 'billing' | 'confirm' | 'contact';

/** What the stepper calls each step. */
export const STEP_LABELS: Record<StepId, string> = {
  plan: 'Plan',
  account: 'Account',
  organization: 'Organization',
  billing: 'Billing',
  confirm: 'Confirm',
  contact: 'Contact us',
};

/**
 * The steps of an order: enterprise-like orders end with the contact form; the free Starter
 * plan (paygo) needs no billing; every other order has billing then confirm.
 */
export function wizardSteps(plan: PlanId, product: ProductId | null): StepId[] {
  if (plan !== 'paygo' && isEnterpriseLike(plan, product ?? 'industry'))
    return ['plan', 'account', 'organization', 'contact'];
  if (plan === 'paygo') return ['plan', 'account', 'organization', 'confirm'];
  return ['plan', 'account', 'organization', 'billing', 'confirm'];
}

/** Team and enterprise orders are organisation-level: the user must pick one (spec §5, §6). */
export function orgRequired(plan: PlanId): boolean {
  return plan === 'team' || plan === 'enterprise';
}

/** The organisations a user may order for: the ones they own or administer. */
export function billableOrgs(orgs: readonly OrganizationView[]): OrganizationView[] {
  return orgs.filter((o) => o.role !== 'member' && !o.sub_org);
}

/**
 * The organisation picked before the user chooses: for individual and Starter plans the
 * personal organisation (the first one the user owns, made at registration); none for team and
 * enterprise, which must be picked on purpose.
 */
export function defaultOrg(plan: PlanId, orgs: readonly OrganizationView[]): string | null {
  if (orgRequired(plan)) return null;
  return orgs.find((o) => o.role === 'owner' && !o.sub_org)?.org_uid ?? null;
}

/**
 * The step after `current`: the account step is passed over for a signed-in user.
 * @returns null after the last step.
 */
export function nextStep(steps: readonly StepId[], current: StepId, signedIn: boolean) {
  const rest = steps.slice(steps.indexOf(current) + 1);
  return rest.find((s) => !(s === 'account' && signedIn)) ?? null;
}

/** A step's state in the stepper. */
export type StepState = 'done' | 'current' | 'todo';

/** Done, current or still to do, by position (the account step is done once signed in). */
export function stepState(
  steps: readonly StepId[],
  step: StepId,
  current: StepId,
  signedIn: boolean,
): StepState {
  if (step === current) return 'current';
  if (step === 'account' && signedIn) return 'done';
  return steps.indexOf(step) < steps.indexOf(current) ? 'done' : 'todo';
}
