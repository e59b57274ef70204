import type { CompaniesRepository } from '#shared/companies/companies';
import { GENERIC_ERROR_MESSAGE, NotFound } from '#shared/errors';
import { USER_SAFE_ERRORS } from './failures';
import type { ReportJobs, ReportRuns, ReportStepPayload } from './ports';

/** The Catch output of a failed step: Step Functions' `{ Error, Cause }`. */
export interface StepError {
  Error?: string;
  /**
   * In AWS, for Lambda errors, JSON `{ errorType, errorMessage, trace }`; the local runner
   * (aws-local-stepfunctions) passes the error's plain message.
   */
  Cause?: string;
}

/**
 * The text the user sees for a failed run (spec §8): the message of a user-safe error
 * (ReportDataMissing), else the generic message. Internal details (SQL, stack traces, AWS
 * error text) never reach the screen.
 */
export function safeFailureMessage(error: StepError | undefined): string {
  if (!error?.Error || !USER_SAFE_ERRORS.has(error.Error)) return GENERIC_ERROR_MESSAGE;
  const cause = error.Cause?.trim() ?? '';
  if (!cause) return GENERIC_ERROR_MESSAGE;
  try {
    const parsed = JSON.parse(cause) as { errorMessage?: unknown };
    if (typeof parsed.errorMessage === 'string' && parsed.errorMessage) return parsed.errorMessage;
    return GENERIC_ERROR_MESSAGE;
  } catch {
    return cause;
  }
}

/** Dependencies of {@link markFailed}. */
export interface MarkFailedDeps {
  jobs: ReportJobs;
  /** The per-client run throttle (run-throttle.ts). */
  runs: Pick<ReportRuns, 'release'>;
  /**
   * The clients, to leave the failure's message on the client (latest_report_error, the task
   * list's "last report failed" row). Absent: the job alone records it.
   */
  companies?: Pick<CompaniesRepository, 'updateClient'>;
}

/**
 * MarkFailed (the state machine's Catch-all): the job becomes failed with a safe message, the
 * client keeps the same message as its latest_report_error (until a run completes), and the
 * client's run slot is given back (run-throttle.ts), so Run report works again at once.
 * @returns the payload unchanged.
 */
export async function markFailed(
  deps: MarkFailedDeps,
  p: ReportStepPayload,
  error: StepError | undefined,
): Promise<ReportStepPayload> {
  const message = safeFailureMessage(error);
  await deps.jobs.update(p.report_id, { status: 'failed', message });
  // A client deleted (merged away) meanwhile has nowhere to show the message.
  await deps.companies
    ?.updateClient(p.client_uid, { latest_report_error: message })
    .catch((e: unknown) => {
      if (!(e instanceof NotFound)) throw e;
    });
  await deps.runs.release(p.client_uid, p.report_id);
  return p;
}
