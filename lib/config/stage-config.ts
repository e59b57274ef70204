import { RemovalPolicy } from 'aws-cdk-lib';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';

/**
 * Per-stage settings every stack reads (house-style §1: bin/app.ts builds this once and hands it
 * to the stacks). Stages share one account, so nothing here is a physical resource name.
 */
export interface StageConfig {
  /** Stage name from CDK context `stage` (lowercase, e.g. `dev`, `prod`). @default 'dev' */
  readonly stage: string;
  /** True only for the `prod` stage. */
  readonly isProd: boolean;
  /** RETAIN in prod, DESTROY elsewhere: applies to the stateful resources (tables, buckets, pools). */
  readonly removalPolicy: RemovalPolicy;
  /** Empty non-prod buckets on stack deletion (needs DESTROY). */
  readonly autoDeleteObjects: boolean;
  /** CloudWatch retention for Lambda, API and state-machine logs. */
  readonly logRetention: RetentionDays;
  /**
   * Browser origins allowed to PUT to presigned upload URLs. From context `siteDomain`
   * (`https://<siteDomain>`) when set; otherwise any CloudFront default domain, because the
   * distribution lives in a later stack than the uploads bucket (naming it would be a cycle).
   */
  readonly uploadOrigins: string[];
  /** HTTP API default-stage throttling (requests per second, burst size). */
  readonly apiThrottle: { readonly rateLimit: number; readonly burstLimit: number };
  /**
   * `https://<siteDomain>` from context `siteDomain`: links in account e-mails and the Google
   * callback. Empty without it (e-mail links then need the deploy to name the site).
   */
  readonly appOrigin: string;
  /** Sender of account e-mails (SES verified identity), context `mailFrom`. */
  readonly mailFrom: string;
  /**
   * Team inbox for contact and do-not-sell messages, context `teamMailTo`; empty means
   * the comms routes mail `mailFrom`.
   */
  readonly teamMailTo: string;
  /** Google sign-in, from context `googleClientId` + `googleClientSecretName`; null when off. */
  readonly google: { readonly clientId: string; readonly clientSecretName: string } | null;
  /**
   * Post-log drops over SFTP, from context `dropsSftp=true`: the stage gets an AWS Transfer
   * Family server (lib/constructs/sftp-drops.construct.ts). Off by default: a Transfer server
   * is billed for every hour it exists; without it create_drop answers that drops are off.
   */
  readonly dropsSftp: boolean;
  /**
   * The ratings brand's own host name (layers/shared/brands.ts) on the site's distribution, from
   * context `ratingsDomain` (lower-cased); with context `ratingsCertificateArn` (an ACM
   * certificate in us-east-1) it also becomes the distribution's alternate name. The viewer-
   * request function maps it to the ratings site either way. null without `ratingsDomain`.
   */
  readonly ratingsDomain: { readonly name: string; readonly certificateArn: string | null } | null;
  /** Operations alarms (lib/constructs/alarms.construct.ts) and where they go. */
  readonly alarms: AlarmSettings;
  /**
   * Athena stops (and bills no further) any one report query that scans more than this many
   * bytes; the workgroup enforces it (BytesScannedCutoffPerQuery, at least 10 MB). @default 10 GiB
   */
  readonly athenaBytesScannedCutoffPerQuery: number;
  /** S3 lifecycle: days after which objects that are only inputs or scratch are deleted. */
  readonly expiry: {
    /** Uploaded originals (post-logs, visits, monitoring logs) in the uploads bucket. @default 30 */
    readonly uploadsDays: number;
    /** Report step work files (`work/`) and Athena results (`athena-results/`). @default 7 */
    readonly workFilesDays: number;
  };
}

/** Where operations alarms go and when the API ones fire. */
export interface AlarmSettings {
  /** SNS topic every alarm notifies: `analyticowl-<stage>-alarms` (one per stage and account). */
  readonly topicName: string;
  /** Address subscribed to the topic by e-mail, from context `alarmEmail`; empty = none yet. */
  readonly email: string;
  /** API 5xx responses as a percentage of requests, per 5 minutes, that counts as bad. @default 1 */
  readonly api5xxPercent: number;
  /** API p99 latency (milliseconds, per 5 minutes) that counts as bad. @default 10000 */
  readonly apiP99LatencyMs: number;
}

const STAGE_PATTERN = /^[a-z][a-z0-9-]{0,15}$/;

/**
 * Builds the stage config from CDK context (`-c stage=prod`, `-c siteDomain=app.example.com`).
 * @throws Error when `stage` is not a short lowercase name (it becomes part of stack names).
 */
export function stageConfig(scope: Construct): StageConfig {
  const stage = String(scope.node.tryGetContext('stage') ?? 'dev');
  if (!STAGE_PATTERN.test(stage)) {
    throw new Error(`Context "stage" must match ${STAGE_PATTERN}, got "${stage}"`);
  }
  const isProd = stage === 'prod';
  const siteDomain = scope.node.tryGetContext('siteDomain') as string | undefined;
  const googleClientId = scope.node.tryGetContext('googleClientId') as string | undefined;
  const googleSecret = scope.node.tryGetContext('googleClientSecretName') as string | undefined;
  const ratingsDomain = scope.node.tryGetContext('ratingsDomain') as string | undefined;
  return {
    stage,
    isProd,
    removalPolicy: isProd ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    autoDeleteObjects: !isProd,
    logRetention: isProd ? RetentionDays.ONE_YEAR : RetentionDays.TWO_WEEKS,
    uploadOrigins: siteDomain ? [`https://${siteDomain}`] : ['https://*.cloudfront.net'],
    apiThrottle: isProd ? { rateLimit: 200, burstLimit: 400 } : { rateLimit: 50, burstLimit: 100 },
    appOrigin: siteDomain ? `https://${siteDomain}` : '',
    mailFrom: String(
      scope.node.tryGetContext('mailFrom') ?? (siteDomain ? `no-reply@${siteDomain}` : ''),
    ),
    teamMailTo: String(scope.node.tryGetContext('teamMailTo') ?? ''),
    google:
      googleClientId && googleSecret
        ? { clientId: googleClientId, clientSecretName: googleSecret }
        : null,
    dropsSftp: String(scope.node.tryGetContext('dropsSftp') ?? '') === 'true',
    ratingsDomain: ratingsDomain
      ? {
          name: ratingsDomain.toLowerCase(),
          certificateArn:
            (scope.node.tryGetContext('ratingsCertificateArn') as string | undefined) ?? null,
        }
      : null,
    alarms: {
      topicName: `analyticowl-${stage}-alarms`,
      email: String(scope.node.tryGetContext('alarmEmail') ?? ''),
      api5xxPercent: 1,
      // print_report renders a PDF within its 29 s timeout; the rest answer in well under a second.
      apiP99LatencyMs: 10_000,
    },
    athenaBytesScannedCutoffPerQuery: 10 * 1024 ** 3,
    expiry: { uploadsDays: 30, workFilesDays: 7 },
  };
}
