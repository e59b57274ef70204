import { z } from 'zod';

/**
 * send_summary_email contract (spec §7 send_summary_email: "e-mails a summary of the report on
 * screen ... to addresses the user types"). One module for the Lambda and the report screen's
 * dialog (react-hook-form's zod resolver), so a rule cannot be checked on one side only.
 */

/** Most addresses one summary goes to. */
export const SUMMARY_RECIPIENTS_MAX = 10;
/** Longest note the sender may add, in characters. */
export const SUMMARY_NOTE_MAX = 1000;
/** Summaries one user may send per window (each to up to SUMMARY_RECIPIENTS_MAX addresses). */
export const SUMMARY_SENDS_PER_WINDOW = 20;
/** The window of SUMMARY_SENDS_PER_WINDOW: one hour, in seconds. */
export const SUMMARY_WINDOW_S = 3600;

/** The answer past SUMMARY_SENDS_PER_WINDOW. */
export const SUMMARY_RATE_LIMITED = `You have sent ${SUMMARY_SENDS_PER_WINDOW} summary e-mails in the last hour. Please wait a little before sending another.`;

/**
 * Report-screen URL parameters kept in the link back (web/src/lib/report-url.ts); anything else
 * the browser sends is dropped, and the link always points at the app's own origin.
 */
export const SUMMARY_LINK_PARAMS = [
  'from',
  'to',
  'cfrom',
  'cto',
  'type',
  'spots',
  'method',
  'window',
  'drill',
  'group',
  'tab',
  'sort',
  'vpa',
  'metric',
  'campaign',
  'saved',
] as const;

const EMAIL = /^[^\s@<>,;"]+@[^\s@<>,;"]+\.[A-Za-z]{2,}$/;

/** One recipient address: trimmed, lower-cased, at most 254 characters. */
export const summaryRecipientSchema = z
  .string({ error: 'Each recipient must be an e-mail address.' })
  .trim()
  .max(254, 'An e-mail address is at most 254 characters.')
  .refine((v) => EMAIL.test(v), {
    message: 'Each recipient must be an e-mail address such as name@example.com.',
  })
  .transform((v) => v.toLowerCase());

const id = (field: string) =>
  z
    .string({ error: `${field} is required.` })
    .trim()
    .min(1, `${field} is required.`)
    .max(80, `${field} is at most 80 characters.`);

/**
 * send_summary_email input: `{ client_uid, report_id, recipients (1-10 e-mail addresses,
 * duplicates dropped), note? (up to 1,000 characters), view? (the report screen's query string,
 * e.g. `tab=station&from=2024-03-01`, up to 2,000 characters; only SUMMARY_LINK_PARAMS are kept) }`.
 */
export const sendSummaryEmailInputSchema = z.object({
  client_uid: id('client_uid'),
  report_id: id('report_id'),
  recipients: z
    .array(summaryRecipientSchema, { error: 'recipients must be a list of e-mail addresses.' })
    .min(1, 'Add at least one recipient.')
    .max(SUMMARY_RECIPIENTS_MAX, `A summary goes to at most ${SUMMARY_RECIPIENTS_MAX} recipients.`)
    .transform((list) => [...new Set(list)]),
  note: z
    .string({ error: 'note must be text.' })
    .trim()
    .max(
      SUMMARY_NOTE_MAX,
      `The note must be at most ${SUMMARY_NOTE_MAX.toLocaleString('en-US')} characters.`,
    )
    .default(''),
  view: z
    .string({ error: 'view must be the report address query.' })
    .max(2000, 'view must be at most 2,000 characters.')
    .default(''),
});
export type SendSummaryEmailInput = z.output<typeof sendSummaryEmailInputSchema>;

/** What send_summary_email answers: the addresses mailed (deduplicated, lower case). */
export const sendSummaryEmailResultSchema = z.object({
  sent: z.literal(true),
  recipients: z.array(z.string()),
});
export type SendSummaryEmailResult = z.infer<typeof sendSummaryEmailResultSchema>;
