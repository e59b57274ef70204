import { z } from 'zod';

/**
 * Comms contracts: the contact form (spec §2 "Contact form", §5
 * "Contact form", §7 comms route) and the do-not-sell request (spec §3 "Do-not-sell request", §5
 * "Do-not-sell", §7 POST /ss_rest/do_not_sell). The SAME schemas run in the browser
 * (react-hook-form's zod resolver) and on the server (layers/shared/http/route-handler.ts).
 *
 * Both forms carry a honeypot field `website`, hidden from people: a filled one is answered
 * with the normal success but neither stored nor mailed (lambdas/comms/core).
 */

/** Field label of the subject, used in its message (spec §5 "Please enter a {subject label}"). */
export const SUBJECT_LABEL = 'Subject';

/** Every message the comms forms show, spec §5 / §8 word for word unless marked (ours). */
export const COMMS_MESSAGES = {
  firstName: 'Please enter your first name',
  lastName: 'Please enter your last name',
  subject: `Please enter a ${SUBJECT_LABEL}`,
  emailRequired: 'Enter an email address',
  emailInvalid: 'Invalid email address',
  message: 'What would you like to say?',
  city: 'Please enter your city',
  state: 'Please enter your state',
  zipcode: 'Please enter your zip/postalcode',
  address: 'Please enter your address',
  doNotSell: 'Please check the box',
  /** spec §8 contact success. */
  contactSent: "Thank you! We'll be in touch soon!",
  /** spec §8 contact failure fallback (also the 429 answer of both routes). */
  problem: 'There was a problem. Please try again later.',
  /** ours: a field longer than its limit. */
  tooLong: 'This is too long.',
} as const;

/** Default subject of the contact form (spec §2 "Landing page": subject default Help Me Sign Up). */
export const DEFAULT_SUBJECT = 'Help Me Sign Up';

/** Group presets (spec §2 "Contact form"): the group picks the subject. */
export const CONTACT_PRESETS = {
  enterprise: { subject: 'Industry Insights - Enterprise' },
  'free-ads': { subject: 'I want Free Ads' },
} as const;

/** A preset group name. */
export type ContactGroup = keyof typeof CONTACT_PRESETS;

/**
 * The `comm` of a comms call (spec §7 default contact-us; spec §2 form ids goals-and-objectives,
 * expected-return-calculator, creative-help).
 */
export const COMM_KINDS = [
  'contact-us',
  'goals-and-objectives',
  'expected-return-calculator',
  'creative-help',
] as const;

/** Length limits in characters (ours: the spec names none). */
export const COMMS_LIMITS = {
  name: 100,
  email: 254,
  subject: 200,
  message: 5000,
  group: 50,
  additionalData: 2000,
  address: 200,
  shortField: 100,
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

/** A required trimmed text field with its spec message and a length cap. */
const required = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, COMMS_MESSAGES.tooLong);

/** The e-mail field: required, valid, trimmed and lower-cased. */
const emailField = z
  .string({ error: COMMS_MESSAGES.emailRequired })
  .trim()
  .min(1, COMMS_MESSAGES.emailRequired)
  .max(COMMS_LIMITS.email, COMMS_MESSAGES.emailInvalid)
  .regex(EMAIL, COMMS_MESSAGES.emailInvalid)
  .transform((v) => v.toLowerCase());

/** The honeypot: people never see it, so it stays empty; bots fill it. */
const honeypot = z.string().max(500).optional().default('');

/**
 * The contact form (spec §2 "Contact form" fields): first_name, last_name, email, subject
 * (default Help Me Sign Up), message, group (e.g. enterprise, free-ads), additional_data
 * (free text a page adds, e.g. a calculator's figures), website (honeypot).
 */
export const contactFormSchema = z.object({
  first_name: required(COMMS_MESSAGES.firstName, COMMS_LIMITS.name),
  last_name: required(COMMS_MESSAGES.lastName, COMMS_LIMITS.name),
  email: emailField,
  subject: required(COMMS_MESSAGES.subject, COMMS_LIMITS.subject),
  message: required(COMMS_MESSAGES.message, COMMS_LIMITS.message),
  group: z.string().trim().max(COMMS_LIMITS.group, COMMS_MESSAGES.tooLong).optional().default(''),
  additional_data: z
    .string()
    .max(COMMS_LIMITS.additionalData, COMMS_MESSAGES.tooLong)
    .optional()
    .default(''),
  website: honeypot,
});

/** What the contact form holds before parsing (react-hook-form values). */
export type ContactFormInput = z.input<typeof contactFormSchema>;
/** A parsed contact form. */
export type ContactForm = z.infer<typeof contactFormSchema>;

/** Body of POST comms (spec §7): `{ comm, form }`, comm defaulting to contact-us. */
export const commsRequestSchema = z.object({
  comm: z.enum(COMM_KINDS).optional().default('contact-us'),
  form: contactFormSchema,
});

/** A parsed comms request. */
export type CommsRequest = z.infer<typeof commsRequestSchema>;

/**
 * The do-not-sell request (spec §3 fields, §5 rules): every field required, the do-not-sell box
 * must be checked, california optional; website is the honeypot.
 */
export const doNotSellSchema = z.object({
  first_name: required(COMMS_MESSAGES.firstName, COMMS_LIMITS.name),
  last_name: required(COMMS_MESSAGES.lastName, COMMS_LIMITS.name),
  email: emailField,
  address: required(COMMS_MESSAGES.address, COMMS_LIMITS.address),
  city: required(COMMS_MESSAGES.city, COMMS_LIMITS.shortField),
  state: required(COMMS_MESSAGES.state, COMMS_LIMITS.shortField),
  zipcode: required(COMMS_MESSAGES.zipcode, COMMS_LIMITS.shortField),
  california: z.boolean().optional().default(false),
  do_not_sell: z.literal(true, { error: COMMS_MESSAGES.doNotSell }),
  website: honeypot,
});

/** What the do-not-sell form holds before parsing. */
export type DoNotSellInput = z.input<typeof doNotSellSchema>;
/** A parsed do-not-sell request. */
export type DoNotSellRequest = z.infer<typeof doNotSellSchema>;

/**
 * Result of both routes: `message` is the text to show (spec §8 contact success for comms;
 * the same text for do-not-sell, whose answer the page ignores per spec §7).
 */
export interface CommsResult {
  message: string;
}
