/**
 * Non-HTTP Lambdas and the report state machine's steps: the second half of the registry
 * (routes.ts holds the HTTP half). CDK builds functions, event sources and the state machine
 * from it; the local stack (lib/local) wires the same handlers to s3rver events, the local SQS
 * poller and aws-local-stepfunctions by these names.
 */

export { ENV } from './env-names';

/** Import Lambda started by an S3 object-created event under UPLOAD_PREFIX of the uploads bucket. */
export const IMPORT_WORKER = {
  id: 'ImportObjectCreated',
  handler: 'lambdas/imports/handlers/object-created.handler.ts',
  timeoutS: 300,
  memoryMb: 2048,
} as const;

/** Browser uploads land under this key prefix: `uploads/<org_uid>/<postlog_id>/<file_name>`. */
export const UPLOAD_PREFIX = 'uploads/';

/**
 * Post-log drops: uploaders with no browser (a station's traffic system, an agency's buying
 * system) put CSVs under `drops/<org_uid>/<client_uid | _org>/<file_name>` of the uploads bucket
 * (SFTP on AWS Transfer Family, or the local drops folder); each `<file_name>.result.json` is
 * written beside its file.
 */
export const DROP_PREFIX = 'drops/';

/**
 * The drop Lambda started by an S3 object-created event under DROP_PREFIX: finds the drop,
 * imports the file as the drop's owner for the drop's client (the same import as a browser
 * upload), writes `<file>.result.json` beside it and mails the owner.
 */
export const DROP_WORKER = {
  id: 'DropObjectCreated',
  handler: 'lambdas/drops/handlers/drop-object-created.handler.ts',
  timeoutS: 300,
  memoryMb: 2048,
} as const;

/**
 * The custom identity provider of the drops' SFTP server (AWS Transfer Family, created only when
 * the stage turns drops over SFTP on): answers each login with the drop's SSH public key, its
 * logical home `drops/<org_uid>/<client_uid | _org>/` and a session policy limited to it, or
 * with nothing (refused) for an unknown or revoked drop.
 */
export const DROP_SFTP_IDENTITY = {
  id: 'DropSftpIdentity',
  handler: 'lambdas/drops/handlers/sftp-identity.handler.ts',
  timeoutS: 10,
  memoryMb: 256,
} as const;

/** SQS consumer of perform_report messages; starts one state machine execution per message. */
export const REPORT_QUEUE_WORKER = {
  id: 'ReportQueueConsumer',
  handler: 'lambdas/reports/handlers/report-queue.handler.ts',
  timeoutS: 30,
  memoryMb: 256,
} as const;

/**
 * The report state machine, in order. Each step is a Lambda task whose input and output is a
 * ReportStepPayload (lambdas/reports/core/ports.ts); large data moves through the reports bucket.
 * `progress` is what queue_monitor shows once the step has finished (0-100).
 */
export const REPORT_STEPS = [
  {
    state: 'Extract',
    handler: 'lambdas/reports/handlers/steps/extract.handler.ts',
    progress: 30,
    memoryMb: 2048,
    timeoutS: 300,
  },
  {
    state: 'Attribute',
    handler: 'lambdas/reports/handlers/steps/attribute.handler.ts',
    progress: 70,
    memoryMb: 3008,
    timeoutS: 300,
  },
  {
    state: 'Aggregate',
    handler: 'lambdas/reports/handlers/steps/aggregate.handler.ts',
    progress: 90,
    memoryMb: 2048,
    timeoutS: 120,
  },
  {
    state: 'Store',
    handler: 'lambdas/reports/handlers/steps/store.handler.ts',
    progress: 100,
    memoryMb: 1024,
    timeoutS: 60,
  },
] as const;

/** Catch-all state: marks the report job failed with the error's message. */
export const REPORT_FAILURE_STEP = {
  state: 'MarkFailed',
  handler: 'lambdas/reports/handlers/steps/mark-failed.handler.ts',
  memoryMb: 256,
  timeoutS: 30,
} as const;

/**
 * The organisation roll-up state machine (generate_org_reporting): ListClients, then a Map of
 * ClientReport over the clients (at most ORG_REPORTING_MAX_CONCURRENCY at a time), then Zip.
 * Files move through the reports bucket under `generated/<job_id>/`.
 */
export const ORG_REPORTING_STEPS = [
  {
    state: 'ListClients',
    handler: 'lambdas/families/handlers/org-reporting-list.handler.ts',
    memoryMb: 512,
    timeoutS: 60,
  },
  {
    state: 'ClientReport',
    handler: 'lambdas/families/handlers/org-reporting-client.handler.ts',
    memoryMb: 3008,
    timeoutS: 600,
  },
  {
    state: 'Zip',
    handler: 'lambdas/families/handlers/org-reporting-zip.handler.ts',
    memoryMb: 2048,
    timeoutS: 300,
  },
] as const;

/** Clients of one roll-up worked on at once (the Map's MaxConcurrency). */
export const ORG_REPORTING_MAX_CONCURRENCY = 4;

/** The OrgReporting state machine's own timeout, seconds (2 hours; the job sweeper's deadline). */
export const ORG_REPORTING_MACHINE_TIMEOUT_S = 2 * 3600;

/** Catch-all state of the roll-up: marks its job failed. */
export const ORG_REPORTING_FAILURE_STEP = {
  state: 'MarkFailed',
  handler: 'lambdas/families/handlers/org-reporting-failed.handler.ts',
  memoryMb: 256,
  timeoutS: 30,
} as const;

/**
 * Call-list refresh (spec §1 call-centre tool): a monitored market post-log CSV dropped under
 * MONITORING_PREFIX of the uploads bucket rebuilds the call list's facts (S3 -> Lambda; locally
 * the same handler from s3rver's event).
 */
export const CALL_LIST_WORKER = {
  id: 'CallListRefresh',
  handler: 'lambdas/call-centre/handlers/call-list-refresh.handler.ts',
  timeoutS: 300,
  memoryMb: 1024,
} as const;

/**
 * The user pool's pre-token-generation trigger (data stack): no tokens, by any path, for a user
 * whose e-mail is not verified (lambdas/accounts/core/token-gate.ts). Cognito runs it after the
 * password check and on every refresh and waits at most 5 s; locally cognito-local runs the
 * same handler (lib/local/cognito.ts).
 */
export const COGNITO_TOKEN_GATE = {
  id: 'CognitoTokenGate',
  handler: 'lambdas/accounts/handlers/pre-token-generation.handler.ts',
  timeoutS: 5,
  memoryMb: 256,
} as const;

/**
 * The job sweeper: fails import jobs and report runs stuck in a non-terminal state past their
 * timeout (layers/shared/jobs/job-timeouts.ts) with a reason the user sees, and deletes lake
 * generations no reader needs. EventBridge runs it every `everyMinutes`; locally a croner job.
 */
export const JOB_SWEEPER_WORKER = {
  id: 'JobSweeper',
  handler: 'lambdas/jobs/handlers/sweep-jobs.handler.ts',
  timeoutS: 120,
  memoryMb: 512,
  everyMinutes: 5,
} as const;

/**
 * Response ratings (lambdas/ratings): publishes every ended month of contributions not yet
 * published (published months stay frozen unless the event says `force`). EventBridge runs it
 * daily at `dailyAtUtcHour`:00 UTC; locally a croner job, and once after the sample seed.
 */
export const RATINGS_RECOMPUTE_WORKER = {
  id: 'RatingsRecompute',
  handler: 'lambdas/ratings/handlers/recompute-ratings.handler.ts',
  timeoutS: 600,
  memoryMb: 1024,
  dailyAtUtcHour: 6,
} as const;

/** Monitored post-logs for the call list land under this prefix: `monitoring/<file_name>.csv`. */
export const MONITORING_PREFIX = 'monitoring/';

/**
 * Deploy-time seed of the reference lists (industries, regions, DMAs) shipped in
 * layers/shared/reference/data: a CloudFormation custom resource runs it on every deploy that
 * changes them (lib/constructs/reference-seed.construct.ts). Locally lib/local/reference-seed.ts
 * does the same on each start.
 */
export const REFERENCE_SEED_WORKER = {
  id: 'ReferenceSeed',
  handler: 'lambdas/reference/handlers/seed-reference.handler.ts',
  timeoutS: 60,
  memoryMb: 256,
} as const;

/**
 * Billing drift repair: re-copies every organisation's subscriptions from Stripe and
 * syncs the price table. EventBridge runs it every `everyMinutes`; locally a croner job.
 */
export const BILLING_RECONCILE_WORKER = {
  id: 'BillingReconcile',
  handler: 'lambdas/billing/handlers/reconcile.handler.ts',
  timeoutS: 300,
  memoryMb: 512,
  everyMinutes: 60,
} as const;

/**
 * The GA4 pull (spec §3 "Connection"): an SQS consumer of `{client_uid, property_id, reason}`
 * messages (GaPullQueue, with a dead-letter queue) that pulls one connected property's visits
 * from the GA4 Data API into the client's visits partitions (lambdas/connections/core/pull).
 * One message at a time per invocation; a pull owns its property for `timeoutS`.
 */
export const GA_PULL_WORKER = {
  id: 'GaPull',
  handler: 'lambdas/connections/handlers/ga-pull.handler.ts',
  timeoutS: 900,
  memoryMb: 2048,
} as const;

/**
 * The hourly GA4 schedule: queues a GaPull message for every connected property whose backfill
 * is done (the re-pull of the last days) or whose backfill stalled. EventBridge runs it every
 * `everyMinutes`; locally a croner job.
 */
export const GA_PULL_SCHEDULE_WORKER = {
  id: 'GaPullSchedule',
  handler: 'lambdas/connections/handlers/ga-pull-schedule.handler.ts',
  timeoutS: 120,
  memoryMb: 256,
  everyMinutes: 60,
} as const;

/**
 * Scheduled deliveries: the SQS consumer of the DeliveryQueue (one EventBridge Scheduler schedule
 * per scheduled delivery sends `{ schedule_id, client_uid, occurrence_at }` there; locally croner
 * in lib/local/schedules.ts). Runs the report or family for the covered period, renders the PDF
 * and mails it; one message per invocation. The queue's visibility timeout is `visibilityS`
 * (six times the function's timeout, as Lambda's SQS event source asks); a message received
 * `maxReceiveCount` times goes to the DeliveryDlq.
 */
export const DELIVERY_WORKER = {
  id: 'ScheduledDelivery',
  handler: 'lambdas/schedules/handlers/delivery.handler.ts',
  timeoutS: 300,
  memoryMb: 2048,
  visibilityS: 1800,
  maxReceiveCount: 5,
} as const;

/**
 * Generated report families: the SQS consumer of the GenerateQueue (one `{ job_id }` message per
 * *_generate call) starts one execution of the Generate state machine per job, named after it.
 */
export const GENERATE_QUEUE_WORKER = {
  id: 'GenerateQueueConsumer',
  handler: 'lambdas/families/handlers/generate-queue.handler.ts',
  timeoutS: 30,
  memoryMb: 256,
} as const;

/**
 * The Generate state machine, in order: Build (the family document from the engine's numbers;
 * queries the lake) and Render (the PDF through the print path, and the CSV). Input and output
 * `{ job_id }`; `progress` is what the job shows once the step has finished.
 */
export const GENERATE_STEPS = [
  {
    state: 'Build',
    handler: 'lambdas/families/handlers/steps/build.handler.ts',
    progress: 60,
    memoryMb: 3008,
    timeoutS: 600,
  },
  {
    state: 'Render',
    handler: 'lambdas/families/handlers/steps/render.handler.ts',
    progress: 100,
    memoryMb: 2048,
    timeoutS: 300,
  },
] as const;

/** The Generate state machine's own timeout, seconds (30 minutes; the job sweeper's deadline). */
export const GENERATE_MACHINE_TIMEOUT_S = 30 * 60;

/** Catch-all state of the Generate machine: marks the job failed with a safe message. */
export const GENERATE_FAILURE_STEP = {
  state: 'MarkFailed',
  handler: 'lambdas/families/handlers/steps/mark-failed.handler.ts',
  memoryMb: 256,
  timeoutS: 30,
} as const;
