import { z } from 'zod';
import type { PlanId, ProductId } from '../billing/price-table';
import { ACCOUNT_MESSAGES, codeField, emailField, newPasswordField } from './account.schema';

/**
 * Simple signup contracts (spec §3 "Simple signup", §4 "Simple signup steps", §5
 * "Simple signup lowercases and trims the email", §6 "simple signup adds station_owner", §7
 * send_auth_code). The SAME schemas run in the browser (react-hook-form's zod resolver) and on
 * the server (layers/shared/http/route-handler.ts). Routes: send_auth_code (mails a 6-character
 * code), verify_auth_code (checks it once and hands out a short-lived proof token) and
 * simple_register (creates the account for the proven address and signs in).
 */

/** Who is signing up (spec §3 "Simple signup" role). */
export const SIGNUP_ROLES = ['station_owner', 'agency', 'rep', 'self'] as const;
export type SignupRole = (typeof SIGNUP_ROLES)[number];

/** Plan types: ii Industry Insights, ai Advertiser Insights, both (spec §3 plan_type). */
export const PLAN_TYPES = ['ii', 'ai', 'both'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

/** Plan tiers of the plan picker (spec §3 selection). */
export const SELECTIONS = ['free', 'individual', 'team', 'enterprise'] as const;
export type Selection = (typeof SELECTIONS)[number];

/** The order's product for a plan type (layers/shared/billing/price-table.ts PRODUCTS). */
export const PLAN_TYPE_PRODUCT: Readonly<Record<PlanType, ProductId>> = {
  ii: 'industry',
  ai: 'advertiser',
  both: 'both',
};

/** The order's plan for a selection: the free tier is pay-as-you-go (spec §2 "Paygo"). */
export const SELECTION_PLAN: Readonly<Record<Selection, PlanId>> = {
  free: 'paygo',
  individual: 'individual',
  team: 'team',
  enterprise: 'enterprise',
};

/**
 * Where the simple signup hands over: the subscribe wizard with the chosen plan and product,
 * e.g. `('free', 'ii')` -> `/plans/subscribe?plan=paygo&product=industry`.
 */
export function subscribePath(selection: Selection, planType: PlanType): string {
  const query = new URLSearchParams({
    plan: SELECTION_PLAN[selection],
    product: PLAN_TYPE_PRODUCT[planType],
  });
  return `/plans/subscribe?${query.toString()}`;
}

/** Messages of the simple signup (ours: the spec names the steps, not their words). */
export const SIGNUP_MESSAGES = {
  role: 'Choose what describes you best',
  /** The proof from verify_auth_code is unknown, used or older than 30 minutes. */
  proofInvalid: 'Your e-mail confirmation has expired. Please send yourself a new code.',
  /** verify_auth_code: wrong, used, expired or worn-out code (the page does not show it). */
  codeFailed: 'That code did not work. Check the e-mail or send a new code.',
  /** send_auth_code answer. */
  codeSent: "We've e-mailed you a 6-character code.",
} as const;

/** send_auth_code input (spec §7: body email_address). */
export const sendAuthCodeSchema = z.object({ email_address: emailField });
export type SendAuthCodeInput = z.input<typeof sendAuthCodeSchema>;

/** verify_auth_code input: the address and the 6-character code mailed to it (spec §9). */
export const verifyAuthCodeSchema = z.object({ email_address: emailField, code: codeField });
export type VerifyAuthCodeInput = z.input<typeof verifyAuthCodeSchema>;

/** send_auth_code result: where the code went. */
export const sendAuthCodeResultSchema = z.object({
  email_address: z.string(),
  verification_sent: z.literal(true),
});
export type SendAuthCodeResult = z.infer<typeof sendAuthCodeResultSchema>;

/**
 * verify_auth_code result. `has_account`: the address already has an account, so the page
 * offers "log in instead" and no proof is issued. Otherwise `proof_token` is the single-use
 * secret simple_register needs, valid `proof_expires_in` seconds.
 */
export const verifyAuthCodeResultSchema = z.object({
  authenticated: z.literal(true),
  email_address: z.string(),
  has_account: z.boolean(),
  proof_token: z.string().optional(),
  proof_expires_in: z.number().int().optional(),
});
export type VerifyAuthCodeResult = z.infer<typeof verifyAuthCodeResultSchema>;

const nameField = (message: string) => z.string({ error: message }).trim().min(1, message).max(80);

const profileShape = {
  first_name: nameField(ACCOUNT_MESSAGES.firstName),
  last_name: nameField(ACCOUNT_MESSAGES.lastName),
  new_password: newPasswordField,
  confirm_password: z
    .string({ error: ACCOUNT_MESSAGES.confirmRequired })
    .min(1, ACCOUNT_MESSAGES.confirmRequired),
  accept_terms: z.literal(true, { error: ACCOUNT_MESSAGES.terms }),
};

/** Confirmation must match; runs even when other fields failed, so every message shows at once. */
function matchPasswords(raw: unknown, ctx: z.RefinementCtx) {
  const v = raw as Record<string, unknown>;
  const confirm = typeof v.confirm_password === 'string' ? v.confirm_password : '';
  if (confirm !== '' && confirm !== v.new_password)
    ctx.addIssue({
      code: 'custom',
      path: ['confirm_password'],
      message: ACCOUNT_MESSAGES.passwordsDiffer,
    });
}
const ALWAYS = {
  when: (payload: { value: unknown }) =>
    typeof payload.value === 'object' && payload.value !== null,
};

/**
 * The profile step's form (spec §4 "revealing the profile step"; §5 "Registration" names and
 * password rules, word for word): first and last name, a complex password and its confirmation,
 * and the terms.
 */
export const simpleProfileSchema = z.object(profileShape).superRefine(matchPasswords, ALWAYS);
export type SimpleProfileInput = z.input<typeof simpleProfileSchema>;
export type SimpleProfile = z.output<typeof simpleProfileSchema>;

/** simple_register input: the profile plus the role and the proof from verify_auth_code. */
export const simpleRegisterSchema = z
  .object({
    ...profileShape,
    proof_token: z
      .string({ error: SIGNUP_MESSAGES.proofInvalid })
      .min(20, SIGNUP_MESSAGES.proofInvalid)
      .max(200, SIGNUP_MESSAGES.proofInvalid),
    role: z.enum(SIGNUP_ROLES, { error: SIGNUP_MESSAGES.role }),
  })
  .superRefine(matchPasswords, ALWAYS);
export type SimpleRegisterInput = z.input<typeof simpleRegisterSchema>;
export type SimpleRegistration = z.output<typeof simpleRegisterSchema>;
