import { Duration, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { ScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import { type ISecret, Secret } from 'aws-cdk-lib/aws-secretsmanager';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { DELIVERY_WORKER, ENV } from '#shared/workers';
import type { StageConfig } from '../config/stage-config';
import { ApiFunction } from '../constructs/api-function.construct';
import { ROUTE_RUNTIMES } from './api-routes.stack';

/**
 * Scheduled deliveries in AWS: one EventBridge Scheduler schedule per scheduled delivery (in its
 * own group, evaluated in the schedule's time zone) sends `{ schedule_id, client_uid,
 * occurrence_at }` to the DeliveryQueue, whose consumer (DELIVERY_WORKER) runs the report,
 * renders the PDF and mails it. The stateful half (queue, group, scheduler role, link secret)
 * lives in the data stack; the consumer in the pipeline stack.
 */
export interface ScheduleResources {
  /** Occurrence messages; a message received DELIVERY_WORKER.maxReceiveCount times is dead-lettered. */
  readonly deliveryQueue: sqs.Queue;
  /** The group every delivery's schedule is created in (SCHEDULE_GROUP). */
  readonly scheduleGroup: ScheduleGroup;
  /** The role EventBridge Scheduler assumes: SendMessage on the DeliveryQueue, nothing else. */
  readonly schedulerRole: iam.IRole;
  /** Signs unsubscribe links (HMAC-SHA256); a generated random string, never in a template. */
  readonly linkSecret: ISecret;
}

/**
 * Creates the stateful resources of scheduled deliveries (in the data stack). The queue hides a
 * message DELIVERY_WORKER.visibilityS (six times the consumer's timeout, AWS's guidance for
 * Lambda event sources); the consumer stretches that for its retry backoff.
 */
export function scheduleResources(scope: Construct, config: StageConfig): ScheduleResources {
  const deliveryQueue = new sqs.Queue(scope, 'DeliveryQueue', {
    encryption: sqs.QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    visibilityTimeout: Duration.seconds(DELIVERY_WORKER.visibilityS),
    retentionPeriod: Duration.days(4),
    deadLetterQueue: {
      queue: new sqs.Queue(scope, 'DeliveryDeadLetterQueue', {
        encryption: sqs.QueueEncryption.SQS_MANAGED,
        enforceSSL: true,
        retentionPeriod: Duration.days(14),
      }),
      maxReceiveCount: DELIVERY_WORKER.maxReceiveCount,
    },
  });
  const scheduleGroup = new ScheduleGroup(scope, 'DeliverySchedules', {
    removalPolicy: config.removalPolicy,
  });
  const stack = Stack.of(scope);
  const schedulerRole = new iam.Role(scope, 'DeliverySchedulerRole', {
    assumedBy: new iam.ServicePrincipal('scheduler.amazonaws.com', {
      conditions: {
        // Only schedules of this account's delivery group may use the role (confused deputy).
        StringEquals: { 'aws:SourceAccount': stack.account },
        ArnLike: {
          'aws:SourceArn': stack.formatArn({
            service: 'scheduler',
            resource: 'schedule',
            resourceName: `${scheduleGroup.scheduleGroupName}/*`,
          }),
        },
      },
    }),
    description: 'EventBridge Scheduler sends scheduled-delivery occurrences to the DeliveryQueue',
  });
  // SendMessage alone (grantSendMessages would add GetQueueAttributes and GetQueueUrl).
  schedulerRole.addToPrincipalPolicy(
    new iam.PolicyStatement({ actions: ['sqs:SendMessage'], resources: [deliveryQueue.queueArn] }),
  );
  const linkSecret = new Secret(scope, 'ScheduleLinkSecret', {
    description: 'Signs the unsubscribe links of scheduled-delivery e-mails',
    generateSecretString: { passwordLength: 48, excludePunctuation: true },
    removalPolicy: config.removalPolicy,
  });
  return { deliveryQueue, scheduleGroup, schedulerRole, linkSecret };
}

/**
 * Lets a function create, update and delete delivery schedules in the group and pass the
 * scheduler role to EventBridge Scheduler (and to it only); sets SCHEDULE_GROUP,
 * SCHEDULER_ROLE_ARN and DELIVERY_QUEUE_ARN.
 */
export function bindScheduleTriggers(fn: ApiFunction, res: ScheduleResources): void {
  res.scheduleGroup.grantWriteSchedules(fn);
  res.scheduleGroup.grantDeleteSchedules(fn);
  fn.addToRolePolicy(
    new iam.PolicyStatement({
      actions: ['iam:PassRole'],
      resources: [res.schedulerRole.roleArn],
      conditions: { StringEquals: { 'iam:PassedToService': 'scheduler.amazonaws.com' } },
    }),
  );
  fn.addEnvironment(ENV.scheduleGroup, res.scheduleGroup.scheduleGroupName);
  fn.addEnvironment(ENV.schedulerRoleArn, res.schedulerRole.roleArn);
  fn.addEnvironment(ENV.deliveryQueueArn, res.deliveryQueue.queueArn);
}

/** Lets a function read the unsubscribe links' secret (SCHEDULE_LINK_SECRET_ARN). */
export function bindLinkSecret(fn: ApiFunction, res: ScheduleResources): void {
  res.linkSecret.grantRead(fn);
  fn.addEnvironment(ENV.scheduleLinkSecretArn, res.linkSecret.secretArn);
}

/** What the delivery consumer touches besides the schedule resources. */
export interface DeliveryWorkerProps {
  readonly config: StageConfig;
  readonly schedules: ScheduleResources;
  /** Binds the data it reads and writes (tables, buckets, lake); the pipeline stack knows them. */
  readonly bindData: (fn: ApiFunction) => void;
}

/**
 * The DeliveryQueue's consumer (DELIVERY_WORKER, in the pipeline stack): one message per
 * invocation, failures reported per item; it runs the print Lambda's browser (x86_64,
 * @sparticuz/chromium, PDF_RENDERER=lambda), mails from the stage's sender, signs unsubscribe
 * links, and may move its own message's visibility (the retry backoff).
 */
export function deliveryWorker(scope: Construct, props: DeliveryWorkerProps): ApiFunction {
  const { config, schedules } = props;
  const runtime = ROUTE_RUNTIMES.print_report;
  const fn = new ApiFunction(scope, `${DELIVERY_WORKER.id}Function`, {
    entry: DELIVERY_WORKER.handler,
    timeoutS: DELIVERY_WORKER.timeoutS,
    memoryMb: DELIVERY_WORKER.memoryMb,
    logRetention: config.logRetention,
    description: 'Scheduled deliveries: DeliveryQueue consumer',
    ...(runtime ?? {}),
  });
  props.bindData(fn);
  fn.bindMail(config.mailFrom);
  fn.addEnvironment(ENV.appOrigin, config.appOrigin);
  fn.addEnvironment(ENV.deliveryQueueUrl, schedules.deliveryQueue.queueUrl);
  bindLinkSecret(fn, schedules);
  fn.addEventSource(
    new SqsEventSource(schedules.deliveryQueue, { batchSize: 1, reportBatchItemFailures: true }),
  );
  // The retry backoff: a failed delivery's message stays hidden 1, 5, then 25 minutes.
  fn.addToRolePolicy(
    new iam.PolicyStatement({
      actions: ['sqs:ChangeMessageVisibility'],
      resources: [schedules.deliveryQueue.queueArn],
    }),
  );
  return fn;
}
