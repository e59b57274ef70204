import { userRoute } from '#shared/http/route-handler';
import { lazy } from '../adapters/compose';
import { summaryEmailDepsFromEnv } from '../adapters/summary-email-deps';
import { type SummaryEmailDeps, sendSummaryEmail } from '../core/summary-email';
import { sendSummaryEmailSchema } from './send-summary-email.schema';

/**
 * POST /ss_rest/send_summary_email `{ client_uid, report_id, recipients, note?, view? }` ->
 * `{ sent: true, recipients }` (spec §7 send_summary_email): mails the report's summary (KPIs
 * with their change, top performers, a chart, a link back) to each recipient. 400 naming the
 * field; 404 for a client or report the caller may not view; 429 past 20 sends per user per hour.
 */
export function makeHandler(deps: () => SummaryEmailDeps) {
  return userRoute(sendSummaryEmailSchema, (input, { caller }) =>
    sendSummaryEmail(deps(), caller, input),
  );
}

// Composition root: built on the first request, reused by the container.
export const handler = makeHandler(lazy(() => summaryEmailDepsFromEnv()));
