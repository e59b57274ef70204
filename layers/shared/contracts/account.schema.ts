import { z } from 'zod';
import { pendingClientSchema } from './landing-preview.schema';

/**
 * Account contracts: the inputs of the account routes with the spec's validation
 * messages word for word (spec §5 "Registration", "Login", "Password", "Organization"), and the
 * results the browser reads (spec §3 "User session"). The SAME schemas run in the browser
 * (react-hook-form's zod resolver) and on the server (layers/shared/http/route-handler.ts), so a
 * rule cannot be checked on one side only. Result shapes are in account-results.schema.ts.
 */

/** Every message the account forms show, spec §5 word for word unless marked (ours). */
export const ACCOUNT_MESSAGES = {
  firstName: 'Please enter your first name',
  lastName: 'Please enter your last name',
  emailRequired: 'Enter an email address',
  emailInvalid: 'Invalid email address',
  loginEmail: 'Please enter an e-mail address',
  loginPassword: 'Please enter a password',
  resetEmail: 'Please enter an e-mail address to reset your password.',
  passwordRequired: 'Please enter a complex password',
  passwordWeak:
    'Please make a more complicated password. Must be 8 characters with 2 letters, 2 digits, 1 Symbol. Or just login with Google.',
  confirmRequired: 'Please confirm your password',
  passwordsDiffer: 'Passwords do not match',
  phoneInvalid: 'Invalid phone number',
  userType: 'Choose one of the options for your account type',
  industry: 'Please choose an industry',
  years: 'Enter 0 if you are new, or just a number',
  company: 'Please provide the name of your company',
  urlInvalid: 'Please fix the website',
  urlRequired: 'Please add your website/url',
  terms: 'Please accept the terms and conditions.',
  orgName: 'Enter an organization name',
  /** ours: the spec names the 6-character code but not its message. */
  code: 'Enter the 6-character code from your e-mail.',
  /** ours: reps pick their markets (spec §6). */
  markets: 'Choose at least one market',
  /** ours: a reset link without its token. */
  resetToken: 'This reset link is incomplete. Please request a new one.',
  /** spec §8 reset success. */
  resetSent: 'Password Reset. Please check your email.',
  /** spec §8 verification failure. */
  verifyFailed:
    'There has been a problem verifying your E-Mail Address, please try to verify again',
} as const;

/** Password complexity (spec §9): at least 8 characters, 2 letters, 2 digits, 1 symbol. */
export function isComplexPassword(value: string): boolean {
  const letters = value.match(/[A-Za-z]/g)?.length ?? 0;
  const digits = value.match(/[0-9]/g)?.length ?? 0;
  const symbols = value.match(/[^A-Za-z0-9]/g)?.length ?? 0;
  return value.length >= 8 && letters >= 2 && digits >= 2 && symbols >= 1;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

/**
 * Cross-field checks run even when a field failed on its own (zod skips them by default), so a
 * form shows every problem at once. The check then sees raw input and guards its reads.
 */
const ALWAYS = {
  when: (payload: { value: unknown }) =>
    typeof payload.value === 'object' && payload.value !== null,
};

/** An e-mail field: trimmed and lower-cased (spec §5 "Simple signup lowercases and trims"). */
export const emailField = z
  .string({ error: ACCOUNT_MESSAGES.emailRequired })
  .trim()
  .min(1, ACCOUNT_MESSAGES.emailRequired)
  .regex(EMAIL, ACCOUNT_MESSAGES.emailInvalid)
  .transform((v) => v.toLowerCase());

/** A new password (spec §5 "Password"): required, then complex. */
export const newPasswordField = z
  .string({ error: ACCOUNT_MESSAGES.passwordRequired })
  .min(1, ACCOUNT_MESSAGES.passwordRequired)
  .refine(isComplexPassword, ACCOUNT_MESSAGES.passwordWeak);

/**
 * US phone (spec §5 mask 999-999-9999; "10-digit US-style, optional parentheses and
 * separators"). Empty is allowed; a value is normalised to 999-999-9999.
 */
export const phoneField = z
  .string()
  .trim()
  .optional()
  .transform((v) => v ?? '')
  .refine((v) => v === '' || /^\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}$/.test(v), {
    message: ACCOUNT_MESSAGES.phoneInvalid,
  })
  .transform((v) => {
    const d = v.replace(/\D/g, '');
    return d === '' ? '' : `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`;
  });

/**
 * Website (spec §5 "url"): optional http(s)://, a host with a dot and a TLD of 2+ letters, no
 * spaces; stored without the protocol.
 */
export function isWebsite(value: string): boolean {
  return /^(https?:\/\/)?[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}(\/[^\s]*)?$/.test(value);
}

/** Account types (spec §3 Registration user_type; station_owner from the simple signup). */
export const USER_TYPES = ['self', 'rep', 'agency', 'station_owner'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Broadcast type options (spec §3: all/0, tv/1, radio/2). */
export const BROADCAST_TYPES = ['all', 'tv', 'radio'] as const;

/**
 * register input (spec §3 "Registration", §5 rules). Advertisers (`self`) give industry,
 * company and url; reps give markets, primary broadcast type and primary station (spec §6).
 * Output: e-mail lower-cased, phone as 999-999-9999, url without protocol.
 */
export const registrationSchema = z
  .object({
    first_name: z
      .string({ error: ACCOUNT_MESSAGES.firstName })
      .trim()
      .min(1, ACCOUNT_MESSAGES.firstName)
      .max(80),
    last_name: z
      .string({ error: ACCOUNT_MESSAGES.lastName })
      .trim()
      .min(1, ACCOUNT_MESSAGES.lastName)
      .max(80),
    email: emailField,
    phone: phoneField,
    user_type: z.enum(['self', 'rep', 'agency'], { error: ACCOUNT_MESSAGES.userType }),
    industry_id: z.string().trim().optional().default(''),
    markets: z
      .array(z.string().regex(/^\d{3}$/))
      .optional()
      .default([]),
    primary_broadcast_type: z.enum(BROADCAST_TYPES).optional().default('all'),
    default_station_id: z.string().trim().max(64).optional().default(''),
    company: z.string().trim().max(120).optional().default(''),
    url: z.string().trim().max(200).optional().default(''),
    years_experience_raw: z.coerce
      .number({ error: ACCOUNT_MESSAGES.years })
      .int(ACCOUNT_MESSAGES.years)
      .min(1, ACCOUNT_MESSAGES.years)
      .max(80, ACCOUNT_MESSAGES.years),
    industry_start_date: z.string().trim().optional().default(''),
    new_password: newPasswordField,
    confirm_password: z
      .string({ error: ACCOUNT_MESSAGES.confirmRequired })
      .min(1, ACCOUNT_MESSAGES.confirmRequired),
    accept_terms: z.literal(true, { error: ACCOUNT_MESSAGES.terms }),
    /** The advertiser of a landing-lookup preview, created once the e-mail is verified. */
    pending_client: pendingClientSchema.optional(),
  })
  .superRefine((raw, ctx) => {
    // Runs even when other fields failed (ALWAYS), so every message shows at once: fields may
    // still be raw input here.
    const v = raw as Record<string, unknown>;
    const text = (key: string) => (typeof v[key] === 'string' ? (v[key] as string).trim() : '');
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    if (text('confirm_password') !== '' && text('confirm_password') !== text('new_password'))
      issue('confirm_password', ACCOUNT_MESSAGES.passwordsDiffer);
    if (v.user_type === 'self') {
      if (text('industry_id') === '') issue('industry_id', ACCOUNT_MESSAGES.industry);
      if (text('company') === '') issue('company', ACCOUNT_MESSAGES.company);
      if (text('url') === '') issue('url', ACCOUNT_MESSAGES.urlRequired);
      else if (!isWebsite(text('url'))) issue('url', ACCOUNT_MESSAGES.urlInvalid);
    }
    if (v.user_type === 'rep' && !(Array.isArray(v.markets) && v.markets.length > 0))
      issue('markets', ACCOUNT_MESSAGES.markets);
  }, ALWAYS)
  .transform((v) => ({ ...v, url: v.url.replace(/^https?:\/\//, '') }));
export type RegistrationInput = z.input<typeof registrationSchema>;
export type Registration = z.output<typeof registrationSchema>;

/** rest_login input (spec §3 "Login", §5 "Login manual"). `username` is accepted for email. */
export const loginSchema = z
  .object({
    email_address: z.string().trim().optional(),
    username: z.string().trim().optional(),
    password: z.string().optional().default(''),
    stay_logged_in: z.boolean().optional().default(false),
    /** The secret of a mailed unlock link (`/login?unlock=`): signs in past the account's lock. */
    unlock_token: z.string().trim().max(200).optional(),
  })
  .transform((v) => ({
    email_address: (v.email_address || v.username || '').toLowerCase(),
    password: v.password,
    stay_logged_in: v.stay_logged_in,
    ...(v.unlock_token ? { unlock_token: v.unlock_token } : {}),
  }))
  .superRefine((v, ctx) => {
    if (v.email_address === '')
      ctx.addIssue({
        code: 'custom',
        path: ['email_address'],
        message: ACCOUNT_MESSAGES.loginEmail,
      });
    if (v.password === '')
      ctx.addIssue({ code: 'custom', path: ['password'], message: ACCOUNT_MESSAGES.loginPassword });
  });
export type LoginInput = z.input<typeof loginSchema>;

/** reset_password input: the address to send a reset link to (spec §5). */
export const resetRequestSchema = z.object({
  email: z
    .string({ error: ACCOUNT_MESSAGES.resetEmail })
    .trim()
    .min(1, ACCOUNT_MESSAGES.resetEmail)
    .regex(EMAIL, ACCOUNT_MESSAGES.emailInvalid)
    .transform((v) => v.toLowerCase()),
});

const passwordPair = {
  new_password: z
    .string({ error: ACCOUNT_MESSAGES.loginPassword })
    .min(1, ACCOUNT_MESSAGES.loginPassword)
    .refine(isComplexPassword, ACCOUNT_MESSAGES.passwordWeak),
  confirm_password: z
    .string({ error: ACCOUNT_MESSAGES.confirmRequired })
    .min(1, ACCOUNT_MESSAGES.confirmRequired),
};

function matchPasswords(
  v: { new_password: string; confirm_password: string },
  ctx: z.RefinementCtx,
) {
  if (v.new_password !== v.confirm_password)
    ctx.addIssue({
      code: 'custom',
      path: ['confirm_password'],
      message: ACCOUNT_MESSAGES.passwordsDiffer,
    });
}

/** change_password input: completes a reset from the e-mailed link (`token` is the xrg query). */
export const changePasswordSchema = z
  .object({
    token: z
      .string({ error: ACCOUNT_MESSAGES.resetToken })
      .min(20, ACCOUNT_MESSAGES.resetToken)
      .max(200),
    ...passwordPair,
  })
  .superRefine(matchPasswords, ALWAYS);
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** The 6-character verification code (spec §9). */
export const codeField = z
  .string({ error: ACCOUNT_MESSAGES.code })
  .trim()
  .regex(/^[0-9A-Za-z]{6}$/, ACCOUNT_MESSAGES.code);

/** verify_email input (spec §7: email, code). */
export const verifyEmailSchema = z.object({ email: emailField, code: codeField });

/** send_verify_email input. */
export const sendVerifySchema = z.object({ email: emailField });

/** finish_registration input (spec §7: code, email, new_password, confirm_password). */
export const finishRegistrationSchema = z
  .object({ email: emailField, code: codeField, ...passwordPair })
  .superRefine(matchPasswords, ALWAYS);
export type FinishRegistrationInput = z.input<typeof finishRegistrationSchema>;

/** update_profile input: any subset of the profile a user may change. */
export const updateProfileSchema = z.object({
  first_name: z.string().trim().min(1, ACCOUNT_MESSAGES.firstName).max(80).optional(),
  last_name: z.string().trim().min(1, ACCOUNT_MESSAGES.lastName).max(80).optional(),
  phone: phoneField.optional(),
  user_type: z.enum(USER_TYPES, { error: ACCOUNT_MESSAGES.userType }).optional(),
  industry_id: z.string().trim().max(20).optional(),
  markets: z
    .array(z.string().regex(/^\d{3}$/))
    .max(210)
    .optional(),
  primary_broadcast_type: z.enum(BROADCAST_TYPES).optional(),
  default_station_id: z.string().trim().max(64).optional(),
  company: z.string().trim().max(120).optional(),
  url: z
    .string()
    .trim()
    .max(200)
    .refine((v) => v === '' || isWebsite(v), ACCOUNT_MESSAGES.urlInvalid)
    .transform((v) => v.replace(/^https?:\/\//, ''))
    .optional(),
  default_report_tab: z.string().trim().max(40).optional(),
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

/**
 * google_login input: the authorization code Cognito's hosted UI returned from Google and the
 * PKCE `code_verifier` the browser kept for it (RFC 7636 §4.1: 43-128 characters of
 * A-Z a-z 0-9 - . _ ~). The return address is the server's own (`<APP_ORIGIN>/login`), never
 * the caller's.
 */
export const googleLoginSchema = z.object({
  code: z.string().min(1).max(2048),
  code_verifier: z
    .string()
    .regex(/^[A-Za-z0-9._~-]{43,128}$/, 'Missing or malformed code_verifier'),
});

/** exchange_login_token input: the single-use token a white-label redirect carries. */
export const exchangeLoginSchema = z.object({ login_token: z.string().min(20).max(200) });

/** update_organization input (spec §5 "Organization"): create when org_uid is absent. */
export const organizationSchema = z.object({
  org_uid: z.string().max(64).optional(),
  name: z
    .string({ error: ACCOUNT_MESSAGES.orgName })
    .trim()
    .min(1, ACCOUNT_MESSAGES.orgName)
    .max(120),
  email: emailField,
  /** Makes a sub-organisation of this parent (the caller must manage the parent). */
  parent_uid: z.string().max(64).optional(),
});
export type OrganizationInput = z.input<typeof organizationSchema>;

/** Permission names of the per-client perms map (spec §3 Client info "perms", §6). */
export const PERMISSIONS = ['view', 'edit', 'import', 'share', 'schedule'] as const;
export type Permission = (typeof PERMISSIONS)[number];
/** A client's perms map for one caller. */
export type PermsMap = Record<Permission, boolean>;
/** The perms map as responses carry it (fetch_companies items, client info). */
export const permsMapSchema = z.object({
  view: z.boolean(),
  edit: z.boolean(),
  import: z.boolean(),
  share: z.boolean(),
  schedule: z.boolean(),
}) satisfies z.ZodType<PermsMap>;

/** update_share input: share a client with an e-mail address, or change a share's perms. */
export const shareSchema = z.object({
  share_uid: z.string().max(64).optional(),
  client_uid: z.string().min(1).max(64),
  email: emailField,
  perms: z.array(z.enum(PERMISSIONS)).min(1).default(['view']),
});
export type ShareInput = z.input<typeof shareSchema>;

/** remove_share input (spec §6 "Shares can be removed or restored"). */
export const removeShareSchema = z.object({
  share_uid: z.string().min(1).max(64),
  action: z.enum(['remove', 'restore']).default('remove'),
});
