import type { CommsResult, ContactForm, DoNotSellRequest } from '#shared/contracts/comms.schema';
import {
  type HeaderMapping,
  type ImportJob,
  type ImportKind,
  importJobSchema,
} from '#shared/contracts/postlog.schema';
import { GENERIC_ERROR_MESSAGE } from '#shared/errors';
import { ApiError, callRoute } from './client';
import type { AttributionMethod, CreateUploadResult, PerformReportResult } from './types';

/**
 * The report screen's write calls (the read calls are SWR hooks in use-*.ts).
 * Every function throws ApiError on failure.
 */

/** Input of perform_report. Dates are inclusive YYYY-MM-DD; window in minutes (1-60). */
export interface PerformReportInput {
  client_uid: string;
  date_start?: string;
  date_end?: string;
  window?: number;
  attribution_method?: AttributionMethod;
  /** The comparison period, YYYY-MM-DD, both or neither; omitted = the equal-length period before date_start. */
  compare_date_start?: string;
  compare_date_end?: string;
}

/** Starts a report run (POST perform_report); follow it with useQueueMonitor. */
export function performReport(input: PerformReportInput): Promise<PerformReportResult> {
  return callRoute<PerformReportResult>('perform_report', { ...input });
}

/** Input of create_upload: `client_uid` is required for visits and foot-traffic files. */
export interface CreateUploadInput {
  kind: ImportKind;
  file_name: string;
  content_type: string;
  client_uid?: string;
  advertiser?: string;
  /** The file's size, bytes: the server refuses it over the kind's limit. */
  size_bytes?: number;
}

/** Asks for a presigned upload (POST create_upload): the URL and form fields of an S3 POST. */
export function createUpload(input: CreateUploadInput): Promise<CreateUploadResult> {
  return callRoute<CreateUploadResult>('create_upload', { ...input });
}

/**
 * Confirms an import in review (POST confirm_import): imports the clean rows, optionally with
 * an overridden header mapping and the proposed year fixes accepted.
 */
export async function confirmImport(input: {
  postlog_id: string;
  mapping?: HeaderMapping;
  accept_year_fixes?: boolean;
}): Promise<ImportJob> {
  const raw = await callRoute<unknown>('confirm_import', { ...input });
  const parsed = importJobSchema.safeParse(raw);
  if (!parsed.success) throw new ApiError('This import could not be read.', 'invalid_import', 200);
  return parsed.data;
}

/**
 * Runs a stopped import again on its uploaded file (POST retry_import).
 * @returns the job, waiting for the import worker again. @throws ApiError (409: not retryable)
 */
export async function retryImport(input: { postlog_id: string }): Promise<ImportJob> {
  const raw = await callRoute<unknown>('retry_import', { ...input });
  const parsed = importJobSchema.safeParse(raw);
  if (!parsed.success) throw new ApiError('This import could not be read.', 'invalid_import', 200);
  return parsed.data;
}

/**
 * POSTs a file to a presigned POST URL as an HTML form: the presigned `fields` in order, then
 * the file as `file` (S3 reads no field after it), reporting upload progress as a fraction
 * 0..1. XMLHttpRequest, because fetch has no upload progress.
 * @throws ApiError `upload_failed` on a non-2xx answer (S3 refuses a file over the policy's
 *   size) or a network error.
 */
export function postFile(
  url: string,
  fields: Record<string, string>,
  file: Blob,
  onProgress: (fraction: number) => void = () => {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
      } else reject(new ApiError(GENERIC_ERROR_MESSAGE, 'upload_failed', xhr.status));
    };
    xhr.onerror = () => reject(new ApiError(GENERIC_ERROR_MESSAGE, 'upload_failed', 0));
    xhr.send(form);
  });
}

/**
 * Sends the contact form (POST comms, spec §7: body `{comm, form}`, comm default contact-us).
 * @throws ApiError on failure (429 when throttled).
 */
export function sendContactForm(form: ContactForm, comm = 'contact-us'): Promise<CommsResult> {
  return callRoute<CommsResult>('comms', { comm, form });
}

/** Sends a do-not-sell request (POST /ss_rest/do_not_sell, spec §7). @throws ApiError on failure. */
export function sendDoNotSell(request: DoNotSellRequest): Promise<CommsResult> {
  return callRoute<CommsResult>('do_not_sell', { ...request });
}
