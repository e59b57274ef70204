import useSWRMutation from 'swr/mutation';
import {
  type PrintCustomizeInput,
  type PrintReportInput,
  type PrintReportResult,
  printReportResultSchema,
} from '#shared/contracts/print.schema';
import { ApiError, callRoute } from './client';

/**
 * print_report (spec §7 "print_report (POST download or GET view link)"): asks the
 * server for a PDF of a stored report and checks the answer against the shared contract.
 * @returns a 15-minute link to the PDF, its page count, size in bytes and file name.
 * @throws ApiError: the server's code (404 not_found, 400 invalid_input naming the field);
 *   `invalid_print` when the answer breaks the contract.
 */
export async function printReport(input: PrintReportInput): Promise<PrintReportResult> {
  const parsed = printReportResultSchema.safeParse(
    await callRoute<unknown>('print_report', { ...input }),
  );
  if (!parsed.success) {
    console.error('print_report result breaks the contract', parsed.error.issues.slice(0, 5));
    throw new ApiError('The PDF could not be prepared.', 'invalid_print', 200);
  }
  return parsed.data;
}

/** What one print asks for besides the report: options, customisation and download. */
export type PrintRequest = Pick<PrintReportInput, 'print_options' | 'download'> & {
  customize?: PrintCustomizeInput;
};

/**
 * A print_report mutation for one report (the latest when `reportId` is absent), scoped to
 * `campaignUid` when given: `trigger(request)` prints; `isMutating` while the PDF is made;
 * `data` / `error` after. Key `['print_report', { client_uid, report_id, campaign_uid? }]`.
 */
export function usePrint(clientUid: string, reportId?: string, campaignUid?: string) {
  return useSWRMutation(
    [
      'print_report',
      {
        client_uid: clientUid,
        report_id: reportId,
        ...(campaignUid ? { campaign_uid: campaignUid } : {}),
      },
    ] as const,
    ([, ids], { arg }: { arg: PrintRequest }) => printReport({ ...ids, ...arg }),
    { throwOnError: false },
  );
}
