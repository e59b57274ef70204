/**
 * The names of the environment variables the Lambdas read: one table for the CDK stacks that
 * set them, the handlers that parse them and the local stack that points them at its stand-ins.
 * Re-exported by workers.ts (the registry of non-HTTP Lambdas), where most code imports it.
 */

/**
 * Environment variables the Lambdas read (parsed with zod at cold start in layers/shared/env.ts).
 * CDK sets them from real resources; the local stack sets them to its stand-ins.
 */
export const ENV = {
  companiesTable: 'COMPANIES_TABLE',
  uploadsBucket: 'UPLOADS_BUCKET',
  /** Creatives' audio and video (update_creatives, play_creative): private, kept until replaced. */
  mediaBucket: 'MEDIA_BUCKET',
  lakeBucket: 'LAKE_BUCKET',
  reportsBucket: 'REPORTS_BUCKET',
  /** The OrgReporting state machine (generate_org_reporting starts it). */
  orgReportingStateMachineArn: 'ORG_REPORTING_STATE_MACHINE_ARN',
  reportQueueUrl: 'REPORT_QUEUE_URL',
  /** The GaPull queue (GA4 pulls, one message per property to pull). */
  gaPullQueueUrl: 'GA_PULL_QUEUE_URL',
  reportStateMachineArn: 'REPORT_STATE_MACHINE_ARN',
  /** 'athena' in AWS, 'duckdb' locally. */
  queryEngine: 'QUERY_ENGINE',
  athenaWorkgroup: 'ATHENA_WORKGROUP',
  /** The S3 folder (s3://bucket/prefix/) each Athena query UNLOADs its Parquet rows under. */
  athenaUnloadUri: 'ATHENA_UNLOAD_URI',
  glueDatabase: 'GLUE_DATABASE',
  /** Local only: the folder where s3rver keeps the lake bucket's objects (DuckDB reads it). */
  duckdbLakeDir: 'DUCKDB_LAKE_DIR',
  /** Local only: path-style S3 addressing for s3rver. */
  s3ForcePathStyle: 'S3_FORCE_PATH_STYLE',
  // Accounts
  /** One-time tokens, verification codes and rate-limit counters (TTL attribute `expires_at`). */
  sessionsTable: 'SESSIONS_TABLE',
  userPoolId: 'USER_POOL_ID',
  userPoolClientId: 'USER_POOL_CLIENT_ID',
  /** Token issuer URL: `https://cognito-idp.<region>.amazonaws.com/<pool>` or cognito-local's. */
  cognitoIssuer: 'COGNITO_ISSUER',
  /** Hosted-UI domain URL (Google sign-in); empty when Google is not configured. */
  cognitoDomain: 'COGNITO_DOMAIN',
  /** Local only: the same-origin proxy path the browser's Amplify uses for cognito-local. */
  cognitoEndpointPublic: 'COGNITO_ENDPOINT_PUBLIC',
  /** Sender address of account e-mails (SES). */
  mailFrom: 'MAIL_FROM',
  /** Local only: folder the outbox mailer writes e-mails to instead of SES. */
  mailOutboxDir: 'MAIL_OUTBOX_DIR',
  /** The web app's origin for links in e-mails, e.g. `https://app.example.com`. */
  appOrigin: 'APP_ORIGIN',
  // Comms
  /** Contact messages, do-not-sell requests and the forms' rate-limit windows (TTL `expires_at`). */
  messagesTable: 'MESSAGES_TABLE',
  /** Team inbox of contact and do-not-sell mails; MAIL_FROM when unset. */
  teamMailTo: 'TEAM_MAIL_TO',
  // Billing
  /** AWS: the Secrets Manager secret `{ secret_key, webhook_secret, publishable_key }`. */
  stripeSecretArn: 'STRIPE_SECRET_ARN',
  /** Local: the stand-in's keys (instead of the secret). */
  stripeSecretKey: 'STRIPE_SECRET_KEY',
  stripePublishableKey: 'STRIPE_PUBLISHABLE_KEY',
  stripeWebhookSecret: 'STRIPE_WEBHOOK_SECRET',
  /** Local: the stand-in's base URL, e.g. `http://127.0.0.1:4100`; unset = Stripe itself. */
  stripeApiBase: 'STRIPE_API_BASE',
  /** Where the browser sends cards: 'elements' (Stripe.js; the default) or the stand-in's URL. */
  stripeCardEndpoint: 'STRIPE_CARD_ENDPOINT',
  /** Association member codes, comma-separated (case-insensitive). @default 'IBA2024' */
  associationCodes: 'ASSOCIATION_CODES',
  // Call centre (the call-centre app)
  /** Call records, their activity history and the name-search index (lambdas/call-centre). */
  callRecordsTable: 'CALL_RECORDS_TABLE',
  /** AWS: the SQS queue the sales CRM reads ended calls from. */
  crmQueueUrl: 'CRM_QUEUE_URL',
  /** Local only: folder the CRM hand-off writes ended calls to instead of SQS. */
  crmOutboxDir: 'CRM_OUTBOX_DIR',
  // Post-log drops
  /** AWS: host name of the drops' SFTP server; unset when the stage has no SFTP server. */
  dropsSftpHost: 'DROPS_SFTP_HOST',
  /** AWS: the role SFTP sessions of drops assume (the identity provider names it). */
  dropsSftpRoleArn: 'DROPS_SFTP_ROLE_ARN',
  /** Local only: the folder watched for drops (`<LOCAL_DIR>/drops`). */
  dropsLocalDir: 'DROPS_LOCAL_DIR',
  // Scheduled deliveries
  /** The DeliveryQueue (SQS): `{ schedule_id, client_uid, occurrence_at }` per occurrence. */
  deliveryQueueUrl: 'DELIVERY_QUEUE_URL',
  /** The DeliveryQueue's ARN: the target of every EventBridge Scheduler schedule. */
  deliveryQueueArn: 'DELIVERY_QUEUE_ARN',
  /** AWS: the EventBridge Scheduler group holding one schedule per scheduled delivery. */
  scheduleGroup: 'SCHEDULE_GROUP',
  /** AWS: the role EventBridge Scheduler assumes to send to the DeliveryQueue (iam:PassRole). */
  schedulerRoleArn: 'SCHEDULER_ROLE_ARN',
  /** AWS: the Secrets Manager secret signing unsubscribe links (a random string, 32+ chars). */
  scheduleLinkSecretArn: 'SCHEDULE_LINK_SECRET_ARN',
  /** Local: the unsubscribe links' signing secret itself (instead of the secret's ARN). */
  scheduleLinkSecret: 'SCHEDULE_LINK_SECRET',
  // Generated report families
  /** The GenerateQueue (SQS): `{ job_id }` per generated report to build. */
  generateQueueUrl: 'GENERATE_QUEUE_URL',
  /** The Generate state machine (Build -> Render, Catch -> MarkFailed). */
  generateStateMachineArn: 'GENERATE_STATE_MACHINE_ARN',
} as const;
