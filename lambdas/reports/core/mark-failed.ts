import { GENERIC_ERROR_MESSAGE } from '../../../layers/shared/errors';
import { USER_SAFE_ERRORS } from './failures';
import type { ReportJobs, ReportStepPayload } from './ports';

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

/**
 * MarkFailed (the state machine's Catch-all): the job becomes failed with a safe message.
 * @returns the payload unchanged.
 */
export async function markFailed(
  deps: { jobs: ReportJobs },
  p: ReportStepPayload,
  error: StepError | undefined,
): Promise<ReportStepPayload> {
  await deps.jobs.update(p.report_id, { status: 'failed', message: safeFailureMessage(error) });
  return p;
}
