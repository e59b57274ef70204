import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as kms from 'aws-cdk-lib/aws-kms';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as sns from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { GA_PULL_WORKER, REPORT_QUEUE_WORKER } from '#shared/workers';
import type { StageConfig } from '../config/stage-config';
import { Alarms } from '../constructs/alarms.construct';
import { ApiFunction, type LakeQueryResources } from '../constructs/api-function.construct';
import { generateQueue } from '../constructs/family-generate.construct';
import { LakeCatalog } from '../constructs/lake-catalog.construct';
import { SftpDrops } from '../constructs/sftp-drops.construct';
import { tokenKey } from './google-access';
import { keptTable } from './kept-table';
import { type ScheduleResources, scheduleResources } from './schedule-deliveries';
import { userPoolResources } from './user-pool';

/** Key prefixes inside the reports bucket with their own lifecycle. */
export const REPORTS_BUCKET_PREFIXES = {
  athenaResults: 'athena-results/',
  work: 'work/',
  /** Files of scheduled deliveries (lambdas/schedules/core/delivery-file.ts). */
  deliveries: 'schedules/',
} as const;
/**
 * Days a delivered PDF or CSV is kept: its e-mail's link works 7 days; the rest is a margin for
 * the delivery history's link to answer "expired" rather than a missing file.
 */
export const DELIVERED_FILES_DAYS = 30;

/** What the stateless stacks receive from {@link DataStack} (house-style §1, typed props). */
export interface DataResources {
  /** Single-table design: pk/sk strings, GSI `gsi1` (gsi1pk/gsi1sk). */
  readonly companiesTable: dynamodb.ITableV2;
  /** Browser uploads via presigned PUT under `uploads/`; expire after 30 days. */
  readonly uploadsBucket: s3.IBucket;
  /**
   * Creatives' audio and video: presigned PUT from the browser to `pending/<client_uid>/...`
   * (expired after a day unless accepted), accepted files under `media/<client_uid>/...` (no
   * expiry: a creative keeps its spot until replaced), signed GET to play.
   */
  readonly mediaBucket: s3.IBucket;
  /** Parquet lake (airings, visits). */
  readonly lakeBucket: s3.IBucket;
  /** Report documents, Athena results (`athena-results/`) and step work files (`work/`). */
  readonly reportsBucket: s3.IBucket;
  /** perform_report jobs; consumed by the ReportQueueConsumer. */
  readonly reportQueue: sqs.IQueue;
  /** Glue catalog + Athena workgroup over the lake. */
  readonly lakeQuery: LakeQueryResources;
  readonly userPool: cognito.IUserPool;
  readonly userPoolClient: cognito.IUserPoolClient;
  /**
   * One-time tokens (verification codes, reset links, white-label login tokens) and login
   * rate-limit windows: pk/sk strings, TTL attribute `expires_at` (epoch seconds).
   */
  readonly sessionsTable: dynamodb.ITableV2;
  /**
   * Contact messages and do-not-sell requests (layout in
   * lambdas/comms/adapters/dynamo-message-store.ts) and the forms' rate-limit windows: pk/sk
   * strings, TTL attribute `expires_at` (counters only; messages never expire).
   */
  readonly messagesTable: dynamodb.ITableV2;
  /**
   * Call records of the call-centre tool, their activity history and the name-search index
   * (layout in lambdas/call-centre/adapters/dynamo-call-records.ts): pk/sk strings.
   */
  readonly callRecordsTable: dynamodb.ITableV2;
  /** The sales CRM's inbound queue: one message per ended call (with a dead-letter queue). */
  readonly crmQueue: sqs.IQueue;
  /** GA4 pulls: one `{client_uid, property_id, reason}` message per property to pull (with a DLQ). */
  readonly gaPullQueue: sqs.IQueue;
  /** Seals stored Google refresh tokens (KMS; google-access.ts bindGoogle grants its use). */
  readonly googleTokenKey: kms.IKey;
  /** Hosted-UI base URL (`https://<prefix>.auth.<region>.amazoncognito.com`) when Google is on. */
  readonly cognitoDomainUrl: string | null;
  /** The stage's operations alarm topic (StageConfig.alarms): every stack's alarms notify it. */
  readonly alarmTopic: sns.ITopic;
  /** Host name of the post-log drops' SFTP server; null when the stage has none. */
  readonly dropsSftpHost: string | null;
  /** Scheduled deliveries: DeliveryQueue (+ DLQ), schedule group, scheduler role, link secret. */
  readonly schedules: ScheduleResources;
  /** Generated report families: `{ job_id }` per report to build (+ DLQ). */
  readonly generateQueue: sqs.IQueue;
}

/** Props of {@link DataStack}. */
export interface DataStackProps extends StackProps {
  readonly config: StageConfig;
}

/**
 * The stateful stack: tables, buckets, lake catalog, report queue and user pool. Everything here
 * keeps data, so prod retains it (removal policy from the stage config).
 */
export class DataStack extends Stack {
  readonly resources: DataResources;
  /** Its operations alarms: the dead-letter queues and any Lambdas of its own. */
  readonly alarms: Alarms;
  /** Every dead-letter queue, by what it holds (the dashboard charts them). */
  readonly deadLetterQueues: Readonly<Record<string, sqs.IQueue>>;

  constructor(scope: Construct, id: string, props: DataStackProps) {
    super(scope, id, props);
    const { config } = props;

    const companiesTable = keptTable(this, 'CompaniesTable', config, {
      globalSecondaryIndexes: [
        {
          indexName: 'gsi1',
          partitionKey: { name: 'gsi1pk', type: dynamodb.AttributeType.STRING },
          sortKey: { name: 'gsi1sk', type: dynamodb.AttributeType.STRING },
        },
      ],
      // Only the tasks panel's job index expires (layers/shared/jobs/user-jobs.ts, epoch seconds).
      timeToLiveAttribute: 'expires_at',
    });

    const bucket = (bucketId: string, extra: Partial<s3.BucketProps> = {}) =>
      new s3.Bucket(this, bucketId, {
        blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
        enforceSSL: true,
        encryption: s3.BucketEncryption.S3_MANAGED,
        objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
        removalPolicy: config.removalPolicy,
        autoDeleteObjects: config.autoDeleteObjects,
        ...extra,
      });

    const uploadsBucket = bucket('UploadsBucket', {
      // Presigned POST straight from the browser (create_upload hands out the URL and the form
      // fields; the POST policy caps the file's size).
      cors: [
        {
          allowedMethods: [s3.HttpMethods.POST],
          allowedOrigins: config.uploadOrigins,
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      // Originals are only inputs: once imported they live on in the lake.
      lifecycleRules: [
        {
          expiration: Duration.days(config.expiry.uploadsDays),
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
    });
    const mediaBucket = bucket('MediaBucket', {
      // Presigned PUT straight from the browser (update_creatives signs Content-Type and
      // Content-Length) and signed GETs played by <video>/<audio> on the report.
      cors: [
        {
          allowedMethods: [s3.HttpMethods.PUT, s3.HttpMethods.GET, s3.HttpMethods.HEAD],
          allowedOrigins: config.uploadOrigins,
          allowedHeaders: ['*'],
          exposedHeaders: ['ETag', 'Content-Length', 'Content-Range'],
          maxAge: 3000,
        },
      ],
      // Accepted spots (media/) stay until replaced; uploads never confirmed (pending/) go.
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        { prefix: 'pending/', expiration: Duration.days(1) },
      ],
    });
    const lakeBucket = bucket('LakeBucket', {
      versioned: true,
      lifecycleRules: [{ noncurrentVersionExpiration: Duration.days(30) }],
    });
    const reportsBucket = bucket('ReportsBucket', {
      // Scratch and delivered files only; report documents (`reports/`) are kept.
      lifecycleRules: [
        {
          prefix: REPORTS_BUCKET_PREFIXES.work,
          expiration: Duration.days(config.expiry.workFilesDays),
        },
        {
          prefix: REPORTS_BUCKET_PREFIXES.athenaResults,
          expiration: Duration.days(config.expiry.workFilesDays),
        },
        {
          prefix: REPORTS_BUCKET_PREFIXES.deliveries,
          expiration: Duration.days(DELIVERED_FILES_DAYS),
        },
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
      ],
    });

    const lake = new LakeCatalog(this, 'Lake', {
      lakeBucket,
      resultsBucket: reportsBucket,
      resultsPrefix: REPORTS_BUCKET_PREFIXES.athenaResults,
      recursiveDelete: !config.isProd,
      bytesScannedCutoffPerQuery: config.athenaBytesScannedCutoffPerQuery,
    });

    const reportDeadLetterQueue = new sqs.Queue(this, 'ReportDeadLetterQueue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    const reportQueue = new sqs.Queue(this, 'ReportQueue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // AWS guidance for Lambda event sources: at least 6x the consumer's timeout.
      visibilityTimeout: Duration.seconds(6 * REPORT_QUEUE_WORKER.timeoutS),
      deadLetterQueue: { queue: reportDeadLetterQueue, maxReceiveCount: 3 },
    });

    // Besides short-lived secrets and counters (TTL), it keeps report settings, saved reports
    // and free-report usage: kept and restorable like the CompaniesTable.
    const sessionsTable = keptTable(this, 'SessionsTable', config, {
      timeToLiveAttribute: 'expires_at',
    });

    // Forms: what visitors send us, incl. do-not-sell duties; kept like the others.
    const messagesTable = keptTable(this, 'MessagesTable', config, {
      timeToLiveAttribute: 'expires_at',
    });

    // The call-centre tool: what agents record on each advertiser is sales history; kept.
    const callRecordsTable = keptTable(this, 'CallRecordsTable', config);
    // Ended calls for the sales CRM's connector; 14 days to pick them up, failures kept aside.
    const crmQueue = new sqs.Queue(this, 'CrmHandoffQueue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
      deadLetterQueue: {
        queue: new sqs.Queue(this, 'CrmHandoffDeadLetterQueue', {
          encryption: sqs.QueueEncryption.SQS_MANAGED,
          enforceSSL: true,
          retentionPeriod: Duration.days(14),
        }),
        maxReceiveCount: 5,
      },
    });
    // GA4 pulls: a pull runs up to its worker's timeout, so a message stays hidden six times
    // that (AWS guidance for Lambda event sources); after 3 failed tries it is set aside, and
    // the hourly schedule resumes the property's pull anyway.
    const gaPullQueue = new sqs.Queue(this, 'GaPullQueue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      visibilityTimeout: Duration.seconds(6 * GA_PULL_WORKER.timeoutS),
      deadLetterQueue: {
        queue: new sqs.Queue(this, 'GaPullDeadLetterQueue', {
          encryption: sqs.QueueEncryption.SQS_MANAGED,
          enforceSSL: true,
          retentionPeriod: Duration.days(14),
        }),
        maxReceiveCount: 3,
      },
    });

    // Accounts: the user pool, its groups, Google sign-in and the web client.
    const { userPool, userPoolClient, cognitoDomainUrl } = userPoolResources(this, config);

    // Operations alarms (lib/constructs/alarms.construct.ts) of every stack notify this topic.
    const alarmTopic = new sns.Topic(this, 'AlarmTopic', {
      topicName: config.alarms.topicName,
      displayName: `AnalyticOwl ${config.stage} alarms`,
      enforceSSL: true,
    });
    if (config.alarms.email) alarmTopic.addSubscription(new EmailSubscription(config.alarms.email));

    // Post-log drops over SFTP (billed per hour: only when the stage asks for it). Stateful in
    // the way that matters: uploaders configure its host name.
    const sftpDrops = config.dropsSftp
      ? new SftpDrops(this, 'SftpDrops', {
          uploadsBucket,
          companiesTable,
          logRetention: config.logRetention,
          removalPolicy: config.removalPolicy,
        })
      : undefined;

    // Scheduled deliveries: their queue, EventBridge Scheduler group and role, link secret.
    const schedules = scheduleResources(this, config);
    // Generated report families: one message per report to build.
    const genQueue = generateQueue(this);

    this.resources = {
      dropsSftpHost: sftpDrops?.host ?? null,
      schedules,
      generateQueue: genQueue,
      alarmTopic,
      companiesTable,
      uploadsBucket,
      mediaBucket,
      lakeBucket,
      reportsBucket,
      reportQueue,
      lakeQuery: lake.queryResources,
      userPool,
      userPoolClient,
      sessionsTable,
      messagesTable,
      callRecordsTable,
      crmQueue,
      gaPullQueue,
      googleTokenKey: tokenKey(this, config),
      cognitoDomainUrl,
    };

    // Last, so every Lambda defined above (e.g. user-pool triggers) is in the group.
    this.alarms = new Alarms(this, 'Alarms', { topic: alarmTopic });
    this.deadLetterQueues = Object.fromEntries(
      [reportQueue, crmQueue, gaPullQueue, schedules.deliveryQueue, genQueue].flatMap((q) =>
        q.deadLetterQueue ? [[q.node.id, q.deadLetterQueue.queue]] : [],
      ),
    );
    for (const [id, queue] of Object.entries(this.deadLetterQueues))
      this.alarms.deadLetterQueue(`${id}DeadLetters`, queue);
    const functions = this.node.findAll().filter((c): c is ApiFunction => c instanceof ApiFunction);
    if (functions.length) this.alarms.functionGroup('data-triggers', functions);
  }
}
