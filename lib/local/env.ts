import { ENV } from '#shared/workers';
import { COGNITO_PROXY_PREFIX } from './cognito-proxy';
import { LOCAL_BUCKETS } from './s3';

/** Where each stand-in listens and what the stack named its resources. */
export interface LocalResources {
  s3Endpoint: string;
  dynamodbEndpoint: string;
  sqsEndpoint: string;
  sfnEndpoint: string;
  companiesTable: string;
  uploadsBucket: string;
  lakeBucket: string;
  reportsBucket: string;
  reportQueueUrl: string;
  reportStateMachineArn: string;
  /** s3rver's folder of the lake bucket (DuckDB reads the Parquet objects there). */
  duckdbLakeDir: string;
  /** cognito-local and its pool. */
  cognito: { endpoint: string; userPoolId: string; clientId: string; issuer: string };
  sessionsTable: string;
  /** The MessagesTable (the public forms). */
  messagesTable: string;
  /** Outbox folder of the local mailer. */
  mailDir: string;
  /** The CallRecordsTable (call-centre routes and the call-list refresh). */
  callRecordsTable: string;
  /** Outbox folder of the local CRM hand-off (ended calls as JSON files). */
  crmOutboxDir: string;
  /** The gateway's origin (links in e-mails). */
  appOrigin: string;
  /** The local Stripe stand-in: its URL, keys and webhook signing secret. */
  stripe: { url: string; secretKey: string; publishableKey: string; webhookSecret: string };
  /** The Google stand-in's variables (lib/local/google/env-vars.ts); absent = none set. */
  google?: Record<string, string>;
}

/**
 * The environment the handlers get locally: what CDK sets in AWS (ENV names from
 * layers/shared/workers.ts), pointed at the stand-ins, plus the SDK's per-service endpoint
 * variables and the key pair s3rver requires (DynamoDB Local and local SQS accept any).
 */
export function localEnv(r: LocalResources): Record<string, string> {
  return {
    AWS_REGION: 'us-east-1',
    AWS_DEFAULT_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    AWS_ENDPOINT_URL_S3: r.s3Endpoint,
    AWS_ENDPOINT_URL_DYNAMODB: r.dynamodbEndpoint,
    AWS_ENDPOINT_URL_SQS: r.sqsEndpoint,
    AWS_ENDPOINT_URL_SFN: r.sfnEndpoint,
    [ENV.s3ForcePathStyle]: '1',
    [ENV.companiesTable]: r.companiesTable,
    [ENV.uploadsBucket]: r.uploadsBucket,
    [ENV.lakeBucket]: r.lakeBucket,
    [ENV.reportsBucket]: r.reportsBucket,
    [ENV.mediaBucket]: LOCAL_BUCKETS.media,
    [ENV.reportQueueUrl]: r.reportQueueUrl,
    [ENV.reportStateMachineArn]: r.reportStateMachineArn,
    [ENV.queryEngine]: 'duckdb',
    [ENV.duckdbLakeDir]: r.duckdbLakeDir,
    AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: r.cognito.endpoint,
    [ENV.userPoolId]: r.cognito.userPoolId,
    [ENV.userPoolClientId]: r.cognito.clientId,
    [ENV.cognitoIssuer]: r.cognito.issuer,
    [ENV.cognitoDomain]: '',
    [ENV.cognitoEndpointPublic]: COGNITO_PROXY_PREFIX,
    [ENV.sessionsTable]: r.sessionsTable,
    [ENV.messagesTable]: r.messagesTable,
    [ENV.mailOutboxDir]: r.mailDir,
    [ENV.callRecordsTable]: r.callRecordsTable,
    [ENV.crmOutboxDir]: r.crmOutboxDir,
    [ENV.mailFrom]: 'AnalyticOwl <no-reply@analyticowl.local>',
    [ENV.appOrigin]: r.appOrigin,
    // The billing handlers talk to the stand-in with the real SDK; the browser's card form posts
    // cards straight to it (STRIPE_CARD_ENDPOINT).
    [ENV.stripeSecretKey]: r.stripe.secretKey,
    [ENV.stripePublishableKey]: r.stripe.publishableKey,
    [ENV.stripeWebhookSecret]: r.stripe.webhookSecret,
    [ENV.stripeApiBase]: r.stripe.url,
    [ENV.stripeCardEndpoint]: r.stripe.url,
    // The connection routes and the pull use Google's official libraries, pointed at the stand-in.
    ...r.google,
    // cognito-local runs on the v2 SDK, which prints a maintenance notice on load.
    AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
  };
}

/**
 * Puts the local environment into process.env, where handler modules read it at import time
 * (so this must run before the first handler is imported). Drops a session token or profile
 * left in the shell, which would otherwise mix real credentials into local calls.
 */
export function applyEnv(env: Record<string, string>): void {
  delete process.env.AWS_SESSION_TOKEN;
  delete process.env.AWS_PROFILE;
  Object.assign(process.env, env);
}
