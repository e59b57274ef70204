import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ArnFormat, Duration, Stack } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IDatabase, ITable as IGlueTable } from 'aws-cdk-lib/aws-glue';
import * as iam from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { ENV } from '#shared/workers';
import { LAMBDA_ESBUILD } from './lambda-bundle-options';

/** Repository root: entries in the registries (routes.ts, workers.ts) are relative to it. */
export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * SES SendEmail, only with `mailFrom` as the From address; from any address while it is '' (a
 * stage whose mail sender is not set yet has no verified identity to pin).
 */
export function sendMailStatement(mailFrom: string): iam.PolicyStatement {
  return new iam.PolicyStatement({
    actions: ['ses:SendEmail'],
    resources: ['*'],
    conditions: mailFrom ? { StringEquals: { 'ses:FromAddress': mailFrom } } : undefined,
  });
}

/** Props of {@link ApiFunction}; everything not listed is a house default. */
export interface ApiFunctionProps {
  /** Repo-relative handler module exporting `handler` (a `handler` path from the registries). */
  readonly entry: string;
  /** Lambda timeout in seconds. @default 29 */
  readonly timeoutS?: number;
  /** Lambda memory in MB. @default 512 */
  readonly memoryMb?: number;
  /** Log retention of the function's own log group. */
  readonly logRetention: RetentionDays;
  /** Extra environment variables (the bind* helpers add the resource ones). */
  readonly environment?: Record<string, string>;
  readonly description?: string;
  /**
   * Packages installed next to the bundle instead of bundled (they find files relative to
   * themselves, e.g. `@sparticuz/chromium`'s browser). @default none
   */
  readonly nodeModules?: readonly string[];
  /** CPU architecture; x86_64 only for packages shipping x64 binaries. @default ARM_64 */
  readonly architecture?: Architecture;
}

/** What an Athena-backed lake reader needs (see {@link ApiFunction.bindAthena}). */
export interface LakeQueryResources {
  /** Athena workgroup name (results location and encryption are enforced by the workgroup). */
  readonly workGroupName: string;
  readonly database: IDatabase;
  readonly tables: readonly IGlueTable[];
  /** Parquet lake the tables point at: read only. */
  readonly lakeBucket: IBucket;
  /** Bucket holding Athena results; writable under `resultsPrefix` only. */
  readonly resultsBucket: IBucket;
  /** Key prefix of Athena results, e.g. `athena-results/`. */
  readonly resultsPrefix: string;
}

/**
 * The one Lambda construct (house-style §2): Node 22 on ARM64, X-Ray tracing, an explicit log
 * group with retention, source maps, and an ESM esbuild bundle. DuckDB stays external: it is the
 * local stand-in for Athena and handlers import it only when QUERY_ENGINE=duckdb.
 * The AWS SDK is bundled so AWS runs the same pinned SDK version as the local stack.
 * Access is added with the bind* helpers, which grant and set the env var together.
 */
export class ApiFunction extends NodejsFunction {
  constructor(scope: Construct, id: string, props: ApiFunctionProps) {
    const logGroup = new LogGroup(scope, `${id}LogGroup`, { retention: props.logRetention });
    super(scope, id, {
      entry: resolve(PROJECT_ROOT, props.entry),
      handler: 'handler',
      projectRoot: PROJECT_ROOT,
      depsLockFilePath: resolve(PROJECT_ROOT, 'package-lock.json'),
      runtime: Runtime.NODEJS_22_X,
      architecture: props.architecture ?? Architecture.ARM_64,
      tracing: Tracing.ACTIVE,
      timeout: Duration.seconds(props.timeoutS ?? 29),
      memorySize: props.memoryMb ?? 512,
      logGroup,
      description: props.description,
      environment: {
        NODE_OPTIONS: '--enable-source-maps',
        [ENV.queryEngine]: 'athena',
        ...props.environment,
      },
      bundling: {
        format: OutputFormat.ESM,
        target: LAMBDA_ESBUILD.target,
        mainFields: [...LAMBDA_ESBUILD.mainFields],
        banner: LAMBDA_ESBUILD.banner,
        minify: LAMBDA_ESBUILD.minify,
        keepNames: LAMBDA_ESBUILD.keepNames,
        sourceMap: true,
        externalModules: [...LAMBDA_ESBUILD.external],
        ...(props.nodeModules ? { nodeModules: [...props.nodeModules] } : {}),
      },
    });
  }

  /** Grants the companies table (read, or read+write) and sets COMPANIES_TABLE (or `envName`). */
  bindTable(table: ITableV2, mode: 'read' | 'readwrite', envName: string = ENV.companiesTable) {
    if (mode === 'read') table.grantReadData(this);
    else table.grantReadWriteData(this);
    this.addEnvironment(envName, table.tableName);
    return this;
  }

  /**
   * Grants a bucket and sets `envName` to its name. 'write' is PutObject only (presigned PUTs).
   * @param keyPattern object keys the grant covers, e.g. `uploads/*`. @default '*'
   */
  bindBucket(
    bucket: IBucket,
    envName: string,
    mode: 'read' | 'write' | 'readwrite',
    keyPattern = '*',
  ) {
    if (mode === 'read') bucket.grantRead(this, keyPattern);
    else if (mode === 'write') bucket.grantPut(this, keyPattern);
    else bucket.grantReadWrite(this, keyPattern);
    this.addEnvironment(envName, bucket.bucketName);
    return this;
  }

  /** Grants SES SendEmail from `mailFrom` (see {@link sendMailStatement}) and sets MAIL_FROM. */
  bindMail(mailFrom: string) {
    this.addToRolePolicy(sendMailStatement(mailFrom));
    this.addEnvironment(ENV.mailFrom, mailFrom);
    return this;
  }

  /** Grants SendMessage on the report queue and sets REPORT_QUEUE_URL (or `envName`). */
  bindQueue(queue: IQueue, mode: 'send', envName: string = ENV.reportQueueUrl) {
    if (mode === 'send') queue.grantSendMessages(this);
    this.addEnvironment(envName, queue.queueUrl);
    return this;
  }

  /** Grants StartExecution and sets REPORT_STATE_MACHINE_ARN (or `envName`). */
  bindStateMachine(
    stateMachine: IStateMachine,
    mode: 'start',
    envName: string = ENV.reportStateMachineArn,
  ) {
    if (mode === 'start') stateMachine.grantStartExecution(this);
    this.addEnvironment(envName, stateMachine.stateMachineArn);
    return this;
  }

  /**
   * Lets the function query the lake through Athena: run/read queries in the workgroup, read the
   * Glue catalog entries, read the lake, and write results under the results prefix (each
   * query's UNLOAD writes its Parquet rows under `<prefix>unload/` and the function reads and lists
   * them there). Sets QUERY_ENGINE=athena, ATHENA_WORKGROUP, ATHENA_UNLOAD_URI, GLUE_DATABASE
   * and LAKE_BUCKET.
   */
  bindAthena(lake: LakeQueryResources) {
    const stack = Stack.of(this);
    this.addToRolePolicy(
      new iam.PolicyStatement({
        actions: [
          'athena:StartQueryExecution',
          'athena:GetQueryExecution',
          'athena:GetQueryResults',
        ],
        resources: [
          stack.formatArn({
            service: 'athena',
            resource: 'workgroup',
            resourceName: lake.workGroupName,
          }),
        ],
      }),
    );
    this.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['glue:GetDatabase', 'glue:GetTable', 'glue:GetPartitions'],
        resources: [
          stack.formatArn({
            service: 'glue',
            resource: 'catalog',
            arnFormat: ArnFormat.NO_RESOURCE_NAME,
          }),
          lake.database.databaseArn,
          ...lake.tables.map((t) => t.tableArn),
        ],
      }),
    );
    lake.lakeBucket.grantRead(this);
    lake.resultsBucket.grantReadWrite(this, `${lake.resultsPrefix}*`);
    this.addEnvironment(ENV.queryEngine, 'athena');
    this.addEnvironment(ENV.athenaWorkgroup, lake.workGroupName);
    // Queries UNLOAD their rows as Parquet under the results prefix (granted read/write above).
    this.addEnvironment(
      ENV.athenaUnloadUri,
      `s3://${lake.resultsBucket.bucketName}/${lake.resultsPrefix}unload/`,
    );
    this.addEnvironment(ENV.glueDatabase, lake.database.databaseName);
    this.addEnvironment(ENV.lakeBucket, lake.lakeBucket.bucketName);
    return this;
  }
}
