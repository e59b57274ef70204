import { AppError } from '#shared/errors';

/**
 * A report cannot be built from the data the user has (no airings or visits in the range).
 * Its message is shown on the report screen as is; every other step failure shows the spec's
 * generic message (spec §8).
 */
export class ReportDataMissing extends AppError {
  constructor(message: string) {
    super(message, 'report_data_missing', 422);
  }
}

/** Error names (Step Functions `Error`) whose message is safe to show the user. */
export const USER_SAFE_ERRORS: ReadonlySet<string> = new Set(['ReportDataMissing']);
