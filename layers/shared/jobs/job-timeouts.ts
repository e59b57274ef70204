import {
  GENERATE_MACHINE_TIMEOUT_S,
  GENERATE_QUEUE_WORKER,
  IMPORT_WORKER,
  ORG_REPORTING_MACHINE_TIMEOUT_S,
  REPORT_STEPS,
} from '../workers';

/**
 * The kinds of job the sweeper watches (lambdas/jobs): imports, report runs, generated report
 * families (`generation`) and organisation roll-ups (`org_reporting`, both `GENJOB#` items).
 */
export type SweptJobKind = 'import' | 'report' | 'generation' | 'org_reporting';

/** How long a presigned upload stays valid, seconds (create_upload's POST policy). */
export const UPLOAD_URL_TTL_S = 900;

/** Slack added to every timeout: clocks, S3 event delivery, a cold start. */
const SLACK_S = 300;

/**
 * Receives of a GenerateQueue message before it goes to the dead-letter queue (its maxReceiveCount,
 * lib/constructs/family-generate.construct.ts), each hidden six times the consumer's timeout.
 */
export const GENERATE_QUEUE_RECEIVES = 3;

/**
 * How long a job may stay in each of its non-terminal states before the sweeper fails it,
 * seconds, per kind (the one table of job timeouts):
 * - import `awaiting_upload`: the presigned POST's lifetime, then the file can no longer come;
 * - import `uploaded`: the import worker's timeout, three times (S3 invokes it again twice
 *   after a failure);
 * - report `queued`: the queue consumer starts an execution within seconds, retried by SQS;
 * - report `running`: every step of the state machine at its Lambda timeout, twice (retries);
 * - generation `queued`: the GenerateQueue's receives (each hidden 6 x the consumer's timeout);
 * - generation `running`: the Generate state machine's own timeout;
 * - org_reporting `queued`: started directly (no queue), as a report run's queue wait;
 * - org_reporting `running`: the OrgReporting state machine's own timeout.
 * Each slack-padded by 5 minutes. States not listed (review, complete, done, failed) are not
 * swept.
 */
export const JOB_TIMEOUTS_S: Record<SweptJobKind, Readonly<Record<string, number>>> = {
  import: {
    awaiting_upload: UPLOAD_URL_TTL_S + SLACK_S,
    uploaded: 3 * IMPORT_WORKER.timeoutS + SLACK_S,
  },
  report: {
    queued: 600 + SLACK_S,
    running: 2 * REPORT_STEPS.reduce((s, step) => s + step.timeoutS, 0) + SLACK_S,
  },
  generation: {
    queued: GENERATE_QUEUE_RECEIVES * 6 * GENERATE_QUEUE_WORKER.timeoutS + SLACK_S,
    running: GENERATE_MACHINE_TIMEOUT_S + SLACK_S,
  },
  org_reporting: {
    queued: 600 + SLACK_S,
    running: ORG_REPORTING_MACHINE_TIMEOUT_S + SLACK_S,
  },
};

/** What the user reads on a job the sweeper failed, per kind. */
export const STUCK_JOB_MESSAGES: Record<SweptJobKind, string> = {
  import:
    'This import stopped before it finished, and your data was left as it was. Choose Retry to import the file again.',
  report: 'This report stopped before it finished. Please run it again.',
  generation: 'This report stopped before it finished. Please generate it again.',
  org_reporting: 'This organisation report stopped before it finished. Please build it again.',
};
