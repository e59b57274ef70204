import { printReportRequestSchema } from '#shared/contracts/print.schema';
import { userRoute } from '#shared/http/route-handler';
import { lazy } from '../adapters/compose';
import { printDepsFromEnv } from '../adapters/pdf-deps';
import { type PrintReportDeps, printReport } from '../print/print-report';

/**
 * POST /ss_rest/print_report { client_uid, report_id?, print_options, customize, download? }:
 * prints the report to a PDF and answers { url, pages, bytes, file_name } (spec §7 print_report).
 * 404 for a client the caller may not read; 400 naming the failing field.
 */
export function makeHandler(deps: () => PrintReportDeps) {
  return userRoute(printReportRequestSchema, (input, { caller }) =>
    printReport(deps(), caller, input),
  );
}

// Composition root: adapters (and the browser, on first print) live for the container's life.
export const handler = makeHandler(lazy(printDepsFromEnv));
