import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { LambdaDestination } from 'aws-cdk-lib/aws-s3-notifications';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import {
  BILLING_RECONCILE_WORKER,
  CALL_LIST_WORKER,
  DROP_PREFIX,
  DROP_WORKER,
  ENV,
  GA_PULL_SCHEDULE_WORKER,
  GA_PULL_WORKER,
  IMPORT_WORKER,
  JOB_SWEEPER_WORKER,
  MONITORING_PREFIX,
  REPORT_FAILURE_STEP,
  REPORT_QUEUE_WORKER,
  REPORT_STEPS,
  UPLOAD_PREFIX,
} from '#shared/workers';
import type { StageConfig } from '../config/stage-config';
import { Alarms } from '../constructs/alarms.construct';
import { ApiFunction } from '../constructs/api-function.construct';
import {
  type FamilyGenerateResources,
  familyGenerate,
} from '../constructs/family-generate.construct';
import { ReferenceSeed } from '../constructs/reference-seed.construct';
import {
  ReportStateMachine,
  type ReportStepState,
} from '../constructs/report-state-machine.construct';
import type { DataResources } from './data.stack';
import { bindGoogle } from './google-access';
import { orgReporting } from './org-reporting';
import { ratingsRecompute } from './ratings';
import { bindStripe } from './route-access';
import { deliveryWorker } from './schedule-deliveries';

/** Props of {@link PipelineStack}. */
export interface PipelineStackProps extends StackProps {
  readonly config: StageConfig;
  readonly data: DataResources;
}

/**
 * The asynchronous side, generated from layers/shared/workers.ts: the import worker (S3
 * object-created under UPLOAD_PREFIX of the uploads bucket), the report state machine
 * (REPORT_STEPS + MarkFailed), the report queue consumer that starts one execution per message,
 * the hourly billing reconcile (EventBridge schedule), the call-list refresh (S3
 * object-created `*.csv` under MONITORING_PREFIX of the uploads bucket) and the post-log drop
 * worker (S3 object-created under DROP_PREFIX).
 */
export class PipelineStack extends Stack {
  readonly stateMachine: StateMachine;
  readonly importWorker: ApiFunction;
  /** Imports post-log drops: files under DROP_PREFIX of the uploads bucket. */
  readonly dropWorker: ApiFunction;
  readonly reportQueueConsumer: ApiFunction;
  /** Rebuilds the call centre's list from a monitored post-log CSV. */
  readonly callListWorker: ApiFunction;
  /** Hourly billing drift repair. */
  readonly billingReconcile: ApiFunction;
  /** Fails stuck jobs and deletes unused lake generations, every 5 minutes. */
  readonly jobSweeper: ApiFunction;
  /** Pulls connected GA4 properties into the visits lake (GaPullQueue consumer). */
  readonly gaPull: ApiFunction;
  /** Queues the hourly GA4 re-pull of every connected property. */
  readonly gaPullSchedule: ApiFunction;
  /** Sends scheduled deliveries (DeliveryQueue consumer). */
  readonly deliveryWorker: ApiFunction;
  /** The organisation roll-up: ListClients -> Map of ClientReport -> Zip. */
  readonly orgReporting: StateMachine;
  /** Generated report families: the Generate state machine, its steps and queue consumer. */
  readonly generate: FamilyGenerateResources;
  /** Step functions by state name (REPORT_STEPS states and MarkFailed). */
  readonly stepFunctions: ReadonlyMap<string, ApiFunction>;
  /** Report executions failing, and errors and throttles of the workers and the report steps. */
  readonly alarms: Alarms;

  constructor(scope: Construct, id: string, props: PipelineStackProps) {
    super(scope, id, props);
    const { config, data } = props;
    const worker = (
      constructId: string,
      def: { handler: string; timeoutS: number; memoryMb: number },
    ) =>
      new ApiFunction(this, constructId, {
        entry: def.handler,
        timeoutS: def.timeoutS,
        memoryMb: def.memoryMb,
        logRetention: config.logRetention,
      });

    // Report steps: each reads/writes the job in the table and its work files in the reports
    // bucket; only Extract queries the lake (through Athena).
    const stepFunctions = new Map<string, ApiFunction>();
    for (const step of [...REPORT_STEPS, REPORT_FAILURE_STEP]) {
      const fn = worker(`${step.state}StepFunction`, step)
        .bindTable(data.companiesTable, 'readwrite')
        .bindBucket(data.reportsBucket, ENV.reportsBucket, 'readwrite');
      if (step.state === 'Extract') fn.bindAthena(data.lakeQuery);
      // The steps that end a run give the client's run slot back (run-throttle.ts).
      if (step.state === 'Store' || step.state === REPORT_FAILURE_STEP.state)
        fn.bindTable(data.sessionsTable, 'readwrite', ENV.sessionsTable);
      stepFunctions.set(step.state, fn);
    }
    const stepFn = (state: string) => {
      const fn = stepFunctions.get(state);
      if (!fn) throw new Error(`No function for report step ${state}`);
      return fn;
    };
    this.stepFunctions = stepFunctions;

    const machine = new ReportStateMachine(this, 'ReportStateMachine', {
      steps: Object.fromEntries(REPORT_STEPS.map((s) => [s.state, stepFn(s.state)])) as Record<
        ReportStepState,
        ApiFunction
      >,
      markFailed: stepFn(REPORT_FAILURE_STEP.state),
      logRetention: config.logRetention,
    });
    this.stateMachine = machine.stateMachine;

    // One execution per perform_report message; failed messages are retried, then dead-lettered.
    this.reportQueueConsumer = worker(`${REPORT_QUEUE_WORKER.id}Function`, REPORT_QUEUE_WORKER)
      .bindStateMachine(this.stateMachine, 'start')
      .bindTable(data.companiesTable, 'readwrite');
    this.reportQueueConsumer.addEventSource(
      new SqsEventSource(data.reportQueue, { batchSize: 5, reportBatchItemFailures: true }),
    );

    // Import: parse the uploaded post-log, write airings Parquet to the lake, record the import.
    this.importWorker = worker(`${IMPORT_WORKER.id}Function`, IMPORT_WORKER)
      .bindTable(data.companiesTable, 'readwrite')
      .bindBucket(data.uploadsBucket, ENV.uploadsBucket, 'readwrite', `${UPLOAD_PREFIX}*`)
      .bindBucket(data.lakeBucket, ENV.lakeBucket, 'readwrite');
    // The bucket lives in the data stack. Notifying through a reference imported here keeps the
    // notification resource in this stack (data -> pipeline only, no cycle); it is unmanaged, so
    // it adds this configuration without replacing others on the bucket.
    const uploads = s3.Bucket.fromBucketAttributes(this, 'UploadsBucketRef', {
      bucketName: data.uploadsBucket.bucketName,
      bucketArn: data.uploadsBucket.bucketArn,
    });
    uploads.addEventNotification(
      s3.EventType.OBJECT_CREATED,
      new LambdaDestination(this.importWorker),
      { prefix: UPLOAD_PREFIX },
    );

    // Post-log drops: a file under drops/ (SFTP, or locally the drops folder) is imported as
    // its drop's maker: copied to the job's own key under uploads/ (whose event the import
    // worker ignores: the job is claimed already), `<file>.result.json` written beside it (the
    // worker ignores its own result files) and the maker mailed.
    this.dropWorker = worker(`${DROP_WORKER.id}Function`, DROP_WORKER)
      .bindTable(data.companiesTable, 'readwrite')
      .bindBucket(data.uploadsBucket, ENV.uploadsBucket, 'readwrite', `${DROP_PREFIX}*`)
      .bindBucket(data.uploadsBucket, ENV.uploadsBucket, 'readwrite', `${UPLOAD_PREFIX}*`)
      .bindBucket(data.lakeBucket, ENV.lakeBucket, 'readwrite');
    this.dropWorker.bindMail(config.mailFrom);
    this.dropWorker.addEnvironment(ENV.appOrigin, config.appOrigin);
    uploads.addEventNotification(
      s3.EventType.OBJECT_CREATED,
      new LambdaDestination(this.dropWorker),
      { prefix: DROP_PREFIX },
    );

    // Call list: read monitoring/*.csv, write its `<key>.report.json` beside it (the suffix
    // filter keeps reports from re-triggering), and upsert the call records. Of the companies
    // table it may only GetItem the industries reference list (pk REF#industries).
    this.callListWorker = worker(`${CALL_LIST_WORKER.id}Function`, CALL_LIST_WORKER)
      .bindTable(data.callRecordsTable, 'readwrite', ENV.callRecordsTable)
      .bindBucket(data.uploadsBucket, ENV.uploadsBucket, 'read', `${MONITORING_PREFIX}*`)
      .bindBucket(
        data.uploadsBucket,
        ENV.uploadsBucket,
        'write',
        `${MONITORING_PREFIX}*.report.json`,
      );
    this.callListWorker.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:GetItem'],
        resources: [data.companiesTable.tableArn],
        conditions: {
          'ForAllValues:StringEquals': { 'dynamodb:LeadingKeys': ['REF#industries'] },
        },
      }),
    );
    // The industries' real benchmark partitions (typical visits per airing on each record).
    this.callListWorker.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:Query'],
        resources: [data.companiesTable.tableArn],
        conditions: {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['INDUSTRY#*#real'] },
        },
      }),
    );
    this.callListWorker.addEnvironment(ENV.companiesTable, data.companiesTable.tableName);
    uploads.addEventNotification(
      s3.EventType.OBJECT_CREATED,
      new LambdaDestination(this.callListWorker),
      { prefix: MONITORING_PREFIX, suffix: '.csv' },
    );

    // Billing: re-copy every organisation's subscriptions from Stripe, hourly.
    this.billingReconcile = worker(
      `${BILLING_RECONCILE_WORKER.id}Function`,
      BILLING_RECONCILE_WORKER,
    ).bindTable(data.companiesTable, 'readwrite');
    bindStripe(this.billingReconcile);
    new Rule(this, `${BILLING_RECONCILE_WORKER.id}Schedule`, {
      schedule: Schedule.rate(Duration.minutes(BILLING_RECONCILE_WORKER.everyMinutes)),
      targets: [new LambdaFunction(this.billingReconcile, { retryAttempts: 0 })],
    });

    // Job sweeper: fails imports and report runs stuck past their timeout, deletes lake
    // generations no reader needs; every 5 minutes.
    this.jobSweeper = worker(`${JOB_SWEEPER_WORKER.id}Function`, JOB_SWEEPER_WORKER)
      .bindTable(data.companiesTable, 'readwrite')
      // A report run it fails gives its client's run slot back.
      .bindTable(data.sessionsTable, 'readwrite', ENV.sessionsTable)
      .bindBucket(data.lakeBucket, ENV.lakeBucket, 'readwrite');
    new Rule(this, `${JOB_SWEEPER_WORKER.id}Schedule`, {
      schedule: Schedule.rate(Duration.minutes(JOB_SWEEPER_WORKER.everyMinutes)),
      targets: [new LambdaFunction(this.jobSweeper, { retryAttempts: 0 })],
    });

    // Reference lists (industries, regions, DMAs): loaded by the deploy itself, again whenever
    // the shipped lists change, so names show and imports resolve markets from the start.
    new ReferenceSeed(this, 'ReferenceSeed', {
      table: data.companiesTable,
      logRetention: config.logRetention,
    });

    // GA4 pull: one message at a time (a pull may take minutes and owns its property); it reads
    // connections and writes pull states and lake pointers (table), stages days and rebuilds
    // visits partitions (lake), queues its own next run (queue), opens stored grants (KMS
    // decrypt), reads the Google secret and mails a client's owner when access is lost.
    this.gaPull = worker(`${GA_PULL_WORKER.id}Function`, GA_PULL_WORKER)
      .bindTable(data.companiesTable, 'readwrite')
      .bindBucket(data.lakeBucket, ENV.lakeBucket, 'readwrite')
      .bindQueue(data.gaPullQueue, 'send', ENV.gaPullQueueUrl);
    bindGoogle(this.gaPull, data.googleTokenKey, config, 'decrypt');
    this.gaPull.bindMail(config.mailFrom);
    this.gaPull.addEventSource(
      new SqsEventSource(data.gaPullQueue, { batchSize: 1, reportBatchItemFailures: true }),
    );
    // Every hour: queue the re-pull of each connected property (and resume stalled backfills).
    this.gaPullSchedule = worker(`${GA_PULL_SCHEDULE_WORKER.id}Function`, GA_PULL_SCHEDULE_WORKER)
      .bindTable(data.companiesTable, 'read')
      .bindQueue(data.gaPullQueue, 'send', ENV.gaPullQueueUrl);
    new Rule(this, `${GA_PULL_SCHEDULE_WORKER.id}Schedule`, {
      schedule: Schedule.rate(Duration.minutes(GA_PULL_SCHEDULE_WORKER.everyMinutes)),
      targets: [new LambdaFunction(this.gaPullSchedule, { retryAttempts: 0 })],
    });

    // Scheduled deliveries: the report for the period runs in-process (saved settings, the lake
    // through Athena, its work files and the PDF in the reports bucket), the history and the
    // run slot are written, and the mail goes out with SES.
    this.deliveryWorker = deliveryWorker(this, {
      config,
      schedules: data.schedules,
      bindData: (fn) => {
        fn.bindTable(data.companiesTable, 'readwrite')
          .bindTable(data.sessionsTable, 'readwrite', ENV.sessionsTable)
          .bindBucket(data.reportsBucket, ENV.reportsBucket, 'readwrite')
          .bindAthena(data.lakeQuery);
      },
    });

    // The organisation roll-up (generate_org_reporting starts it by its fixed name).
    this.orgReporting = orgReporting(this, { config, data });

    // Response ratings: publish ended months daily (EventBridge, 06:00 UTC).
    ratingsRecompute(this, { config, data });

    // Generated report families: GenerateQueue -> Generate state machine (Build -> Render).
    this.generate = familyGenerate(this, { data, logRetention: config.logRetention, worker });

    // Last, so every worker defined above is in the `workers` group.
    this.alarms = new Alarms(this, 'Alarms', { topic: data.alarmTopic });
    this.alarms.stateMachine('ReportStateMachine', this.stateMachine);
    this.alarms.stateMachine('GenerateStateMachine', this.generate.stateMachine);
    this.alarms.stateMachine('OrgReportingStateMachine', this.orgReporting);
    const steps = [...stepFunctions.values()];
    this.alarms.functionGroup('report-steps', steps);
    this.alarms.functionGroup(
      'workers',
      this.node
        .findAll()
        .filter((c): c is ApiFunction => c instanceof ApiFunction && !steps.includes(c)),
    );
  }
}
