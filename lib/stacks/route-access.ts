import { Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { type ISecret, Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import type { RouteDef } from '#shared/routes';
import { ENV, UPLOAD_PREFIX } from '#shared/workers';
import { stageConfig } from '../config/stage-config';
import { type ApiFunction, sendMailStatement } from '../constructs/api-function.construct';
import type { DataResources } from './data.stack';
import { bindGoogle } from './google-access';
import { bindOrgReportingStart } from './org-reporting';
import { bindLinkSecret, bindScheduleTriggers } from './schedule-deliveries';

/**
 * One entry of a route's `access` list (layers/shared/routes.ts), plus the kinds the import routes
 * need but the registry cannot yet name (`uploads:read`, `lake:write`): they take effect as soon
 * as the registry adds them to the union and to a route.
 */
export type RouteAccess = RouteDef['access'][number] | 'uploads:read' | 'lake:write';

/** Every access kind this stack knows; a new kind in the registry fails type-checking here. */
const KNOWN_ACCESS: Record<RouteAccess, true> = {
  'companies:read': true,
  'companies:write': true,
  'uploads:read': true,
  'uploads:write': true,
  'media:read': true,
  'media:write': true,
  'lake:read': true,
  'lake:write': true,
  'reports:read': true,
  'reports:write': true,
  'reportQueue:send': true,
  'sessions:read': true,
  'sessions:write': true,
  'identity:admin': true,
  'identity:read': true,
  'identity:signout': true,
  'mail:send': true,
  'messages:write': true,
  'billing:secrets': true,
  'calls:read': true,
  'calls:write': true,
  'crm:send': true,
  'drops:sftp': true,
  'google:connect': true,
  'gaPull:send': true,
  'schedules:trigger': true,
  'schedules:links': true,
  'generate:send': true,
  'orgReporting:start': true,
};

/**
 * Name of a stage's Stripe secret, created outside CDK: JSON `{ secret_key,
 * webhook_secret, publishable_key }`, e.g. `analyticowl/prod/stripe` (live keys) and
 * `analyticowl/dev/stripe` (test keys). Referenced by name; never in a template.
 */
export const stripeSecretName = (stage: string) => `analyticowl/${stage}/stripe`;

/** The stage's Stripe secret, referenced once per stack (stage from CDK context, stageConfig). */
export function stripeSecret(scope: Construct): ISecret {
  const stack = Stack.of(scope);
  const existing = stack.node.tryFindChild('StripeSecret') as ISecret | undefined;
  const name = stripeSecretName(stageConfig(stack).stage);
  return existing ?? Secret.fromSecretNameV2(stack, 'StripeSecret', name);
}

/**
 * Lets a function use Stripe: read the Stripe secret (STRIPE_SECRET_ARN) and send cards through
 * Stripe Elements (STRIPE_CARD_ENDPOINT=elements).
 */
export function bindStripe(fn: ApiFunction): void {
  const secret = stripeSecret(fn);
  secret.grantRead(fn);
  fn.addEnvironment(ENV.stripeSecretArn, secret.secretArn);
  fn.addEnvironment(ENV.stripeCardEndpoint, 'elements');
}

/** The Cognito admin calls the account routes make (lambdas/accounts/adapters/cognito-identity.ts). */
export const IDENTITY_ADMIN_ACTIONS = [
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:AdminUserGlobalSignOut',
] as const;

/** 'read' | 'write' | 'readwrite' from two flags, or undefined when neither is set. */
function mode(read: boolean, write: boolean): 'read' | 'write' | 'readwrite' | undefined {
  if (read && write) return 'readwrite';
  return write ? 'write' : read ? 'read' : undefined;
}

/**
 * Grants a route function exactly what its `access` list names and nothing else:
 * companies -> table read or read/write; uploads -> objects under UPLOAD_PREFIX only ('write' is
 * PutObject, for presigned PUTs); `lake:read` -> query the lake (Athena in the workgroup, Glue
 * catalog read, lake objects read); `lake:write` -> lake objects read/write; reports -> bucket
 * read or read/write; `reportQueue:send` -> SendMessage; sessions -> SessionsTable;
 * `identity:admin` -> the Cognito admin calls on the user pool; `identity:read` -> AdminGetUser
 * only; `identity:signout` -> AdminUserGlobalSignOut only; `mail:send` -> SES SendEmail from
 * the stage's sender only; `messages:write` ->
 * MessagesTable read/write (its rate-limit counters are read-modify-write); `billing:secrets` -> read the Stripe secret ({@link bindStripe});
 * calls -> CallRecordsTable read or read/write (CALL_RECORDS_TABLE); `crm:send` -> SendMessage
 * on the CRM hand-off queue (CRM_QUEUE_URL); `drops:sftp` -> DROPS_SFTP_HOST when the stage has
 * the drops' SFTP server (no permission); `google:connect` -> the Google secret and settings and
 * Encrypt/Decrypt with the token key ({@link bindGoogle}); `gaPull:send` -> SendMessage on the
 * GaPull queue (GA_PULL_QUEUE_URL); `schedules:trigger` -> write and delete schedules of the
 * delivery group and pass the scheduler role ({@link bindScheduleTriggers}); `schedules:links` ->
 * read the unsubscribe-link secret ({@link bindLinkSecret}); `orgReporting:start` ->
 * StartExecution on the stage's OrgReporting machine ({@link bindOrgReportingStart}).
 * @throws Error on an access kind this stack does not know.
 */
export function applyRouteAccess(
  fn: ApiFunction,
  access: readonly RouteAccess[],
  data: DataResources,
  mailFrom = '',
): void {
  for (const a of access) {
    if (!KNOWN_ACCESS[a]) throw new Error(`Unknown route access "${a}"`);
  }
  const has = (a: RouteAccess) => access.includes(a);
  if (has('companies:write')) fn.bindTable(data.companiesTable, 'readwrite');
  else if (has('companies:read')) fn.bindTable(data.companiesTable, 'read');
  const uploads = mode(has('uploads:read'), has('uploads:write'));
  if (uploads) fn.bindBucket(data.uploadsBucket, ENV.uploadsBucket, uploads, `${UPLOAD_PREFIX}*`);
  const media = mode(has('media:read'), has('media:write'));
  if (media) fn.bindBucket(data.mediaBucket, ENV.mediaBucket, media);
  if (has('lake:read')) fn.bindAthena(data.lakeQuery);
  if (has('lake:write')) fn.bindBucket(data.lakeBucket, ENV.lakeBucket, 'readwrite');
  const reports = has('reports:write') ? 'readwrite' : has('reports:read') ? 'read' : undefined;
  if (reports) fn.bindBucket(data.reportsBucket, ENV.reportsBucket, reports);
  if (has('reportQueue:send')) fn.bindQueue(data.reportQueue, 'send');
  const sessions = mode(has('sessions:read'), has('sessions:write'));
  if (sessions)
    fn.bindTable(data.sessionsTable, sessions === 'read' ? 'read' : 'readwrite', ENV.sessionsTable);
  if (has('messages:write')) fn.bindTable(data.messagesTable, 'readwrite', ENV.messagesTable);
  if (has('billing:secrets')) bindStripe(fn);
  const calls = mode(has('calls:read'), has('calls:write'));
  if (calls)
    fn.bindTable(
      data.callRecordsTable,
      calls === 'read' ? 'read' : 'readwrite',
      ENV.callRecordsTable,
    );
  if (has('crm:send')) fn.bindQueue(data.crmQueue, 'send', ENV.crmQueueUrl);
  // Drops over SFTP need no grant here: the server's identity provider reads the drops.
  if (has('drops:sftp') && data.dropsSftpHost)
    fn.addEnvironment(ENV.dropsSftpHost, data.dropsSftpHost);
  if (has('google:connect'))
    bindGoogle(fn, data.googleTokenKey, stageConfig(fn), 'encrypt-decrypt');
  if (has('gaPull:send')) fn.bindQueue(data.gaPullQueue, 'send', ENV.gaPullQueueUrl);
  if (has('schedules:trigger')) bindScheduleTriggers(fn, data.schedules);
  if (has('schedules:links')) bindLinkSecret(fn, data.schedules);
  if (has('generate:send')) fn.bindQueue(data.generateQueue, 'send', ENV.generateQueueUrl);
  if (has('orgReporting:start')) bindOrgReportingStart(fn, stageConfig(fn).stage);
  if (has('identity:admin'))
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: [...IDENTITY_ADMIN_ACTIONS],
        resources: [data.userPool.userPoolArn],
      }),
    );
  if (has('identity:read') && !has('identity:admin'))
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['cognito-idp:AdminGetUser'],
        resources: [data.userPool.userPoolArn],
      }),
    );
  if (has('identity:signout') && !has('identity:admin'))
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['cognito-idp:AdminUserGlobalSignOut'],
        resources: [data.userPool.userPoolArn],
      }),
    );
  if (has('mail:send')) fn.addToRolePolicy(sendMailStatement(mailFrom));
}
