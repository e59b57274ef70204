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
   * Team inbox for contact and do-not-sell messages (issue #5), context `teamMailTo`; empty means
   * the comms routes mail `mailFrom`.
   */
  readonly teamMailTo: string;
  /** Google sign-in, from context `googleClientId` + `googleClientSecretName`; null when off. */
  readonly google: { readonly clientId: string; readonly clientSecretName: string } | null;
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
  };
}
