import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { s3Client } from '#shared/aws/clients';
import { BUILD_ID_ENV } from '#shared/build-id';
import { TOKEN_VAULT_ENV } from '#shared/connections/token-vault';
import { ENV, GENERATE_QUEUE_WORKER, REPORT_QUEUE_WORKER } from '#shared/workers';
import { schedulesStoreFromEnv } from '../../lambdas/schedules/adapters/schedule-deps';
import { readWebBuildId } from '../build-id-file';
import { type LocalCognito, startCognito } from './cognito';
import { COGNITO_PROXY_PREFIX, cognitoProxy } from './cognito-proxy';
import { type DropFolder, startDropFolder } from './drop-folder';
import {
  ensureCallRecordsTable,
  ensureCompaniesTable,
  ensureMessagesTable,
  ensureSessionsTable,
  type LocalDynamo,
  startDynamoDb,
} from './dynamodb';
import { applyEnv, localEnv } from './env';
import { startLocalGaPull } from './ga-pull';
import { API_PREFIX, type GatewayOptions, startGateway } from './gateway';
import { writeDemoPostlogIfMissing } from './google/demo-postlog-file';
import { googleEnv } from './google/env-vars';
import { type LocalGoogle, startLocalGoogle } from './google/google-server';
import { jwtAuthorizer, type LocalAuthorizer } from './local-auth';
import { ensureLocalLogins, type LocalLogin, type LocalLogins, localIdToken } from './local-logins';
import { ensureLocalPoolMfa } from './local-mfa';
import {
  LOCAL_CALL_RECORDS_TABLE,
  LOCAL_COMPANIES_TABLE,
  LOCAL_MESSAGES_TABLE,
  LOCAL_SESSIONS_TABLE,
  LOCAL_STRIPE_WEBHOOK_SECRET,
} from './local-names';
import { failOrphanedRuns } from './orphaned-runs';
import { startRatingsGateway, startRatingsRecompute, startRatingsSeed } from './ratings';
import { seedReference } from './reference-seed';
import { LOCAL_BUCKETS, type LocalS3, startS3 } from './s3';
import { startBilling, startJobSweeper } from './scheduled-workers';
import { type LocalSchedules, localScheduleEnv, startLocalSchedules } from './schedules';
import { ensureLocalAccounts, seedIfFirstStart } from './seed';
import { seedCallListIfMissing } from './seed-call-list';
import { seedPeersIfMissing } from './seed-peers';
import { seedTaskListIfMissing } from './seed-task-list';
import { LocalShutdown } from './shutdown';
import { type LocalSqs, localSqsClient, startSqs } from './sqs';
import { startSqsPoller } from './sqs-poller';
import { readPorts, writePorts } from './stack-state';
import {
  LOCAL_GENERATE_STATE_MACHINE_ARN,
  LOCAL_ORG_REPORTING_STATE_MACHINE_ARN,
  LOCAL_REPORT_STATE_MACHINE_ARN,
  startLocalStateMachines,
} from './state-machines';
import { ensureWebBuilt, WEB_DIST } from './static-files';
import { type LocalStripe, startLocalStripe } from './stripe/stripe-server';
import { UploadNotifications } from './upload-events';

/** Options of {@link startLocalStack}. */
export interface LocalStackOptions {
  /** Folder the data persists in (DynamoDB Local's file, s3rver's objects). */
  dir: string;
  /** Gateway port; 0 = any free port. */
  port: number;
  /**
   * A second gateway port that serves the ratings site (layers/shared/brands.ts) whatever the
   * Host header; a taken port falls back to a free one. @default none (the ratings site is
   * still reachable on `port` with `Host: ratings.localhost`)
   */
  ratingsPort?: number;
  /** Seed the demo advertiser on the first start. @default true */
  seed?: boolean;
  /**
   * With `seed`, also seed the sample ratings' twelve advertisers in the background (a dozen
   * report runs). Tests of other things turn it off to keep the machine for themselves.
   * @default the value of `seed`
   */
  seedRatings?: boolean;
  /**
   * Load the station list (about 17,000 stations, a dozen ~350 KB items) with the reference data.
   * Test stacks that never read stations turn it off: without it the station routes answer
   * empty pages and nothing matches a post-log's call signs. @default true
   */
  stations?: boolean;
  /** Progress lines. @default no output */
  log?: (line: string) => void;
  /** Build web/dist with Vite when missing. @default true */
  buildWeb?: boolean;
  /**
   * Extra JVM options of DynamoDB Local (lib/local/dynamodb.ts), for benchmarks and test stacks
   * only: they change how the stand-in spends its CPU, never what it stores. @default none
   */
  dynamoJvmOptions?: readonly string[];
  /** Built web app to serve. @default web/dist */
  webDir?: string;
  /** Aborting (e.g. Ctrl-C while starting) skips the remaining start-up work and the seed. */
  signal?: AbortSignal;
}

/** A running local stack. */
export interface LocalStack {
  /** The gateway's base URL, e.g. `http://127.0.0.1:3000` (the app lives under /ss). */
  url: string;
  /**
   * The ratings site: the second port's URL (`http://127.0.0.1:3001`) when `ratingsPort` was
   * given, else `http://ratings.localhost:<port>` (the Host header picks the brand).
   */
  ratingsUrl: string;
  /** The environment the handlers run with (also applied to process.env). */
  env: Record<string, string>;
  /** The local accounts made on first start (the demo user is printed at start). */
  logins: LocalLogins;
  /** Signs a local account in through cognito-local; the ID token for `Authorization: Bearer`. */
  idToken(login: LocalLogin): Promise<string>;
  /** Folder the outbox mailer writes e-mails to (one JSON file per message). */
  mailDir: string;
  /** Folder the CRM hand-off writes ended calls to (`<dir>/crm-outbox`; SQS in AWS). */
  crmDir: string;
  /**
   * The post-log drops folder (`<dir>/drops`; the SFTP server in AWS): a file copied into a
   * drop's `<org_uid>/<client_uid | _org>/` is imported, its `.result.json` written beside it.
   */
  dropsDir: string;
  /**
   * The local Stripe stand-in: `url` is where the browser's card form posts cards;
   * tests advance its clock (`advanceClock`, or POST `${url}/__local/advance`).
   */
  stripe: LocalStripe;
  /**
   * The local Google stand-in: consent page with fake Google users, token endpoint, GA4 Admin
   * and Data APIs; POST `${url}/__local/quota` and `/__local/revoke` trigger failures.
   */
  google: LocalGoogle;
  /** The demo post-log as a CSV a new user uploads to their own client (the demo property's airings). */
  samplePostlog: string;
  /**
   * Scheduled deliveries' local scheduler (EventBridge Scheduler in AWS): tests "advance the
   * clock" with `fireDue(untilIso)`, which sends every occurrence due up to then.
   */
  schedules: LocalSchedules;
  /** Stops everything (the DynamoDB Local JVM included); safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Boots the whole product on one machine: DynamoDB Local, s3rver (whose upload
 * events invoke the import and call-list workers), local SQS with its event-source poller, the CDK-synthesized
 * report state machine in aws-local-stepfunctions behind a local SFN API, DuckDB over the lake
 * files, and the HTTP gateway that maps every route to its handler and serves the web app.
 * Handlers are the AWS ones; only the environment differs. Seeds the call list and the demo
 * advertiser on a first start.
 * @throws Error when a stand-in cannot start (e.g. java missing); whatever started is stopped.
 */
export async function startLocalStack(opts: LocalStackOptions): Promise<LocalStack> {
  const log = opts.log ?? (() => {});
  const dir = resolve(opts.dir);
  mkdirSync(dir, { recursive: true });
  const saved = readPorts(dir);
  const shutdown = new LocalShutdown(log);
  const { steps: stops, keep, stop } = shutdown;

  try {
    // The gateway starts first (answering 503) so the port is taken; the authorizer and the
    // Cognito proxy are attached once cognito-local is up.
    let authorizer: LocalAuthorizer = async () => 'unauthorized';
    let cognito: LocalCognito | undefined;
    const gatewayOptions: GatewayOptions = {
      port: opts.port,
      webDir: opts.webDir,
      log,
      authorize: (req, auth) => authorizer(req, auth),
      mounts: {
        [COGNITO_PROXY_PREFIX]: (req, res) => {
          if (cognito) cognitoProxy(cognito.endpoint)(req, res);
          else res.writeHead(503).end();
        },
      },
    };
    const gateway = await startGateway(gatewayOptions);
    shutdown.closeGateways = gateway.stop;
    const ratingsGateway = await startRatingsGateway(gatewayOptions, opts.ratingsPort);
    if (ratingsGateway) {
      shutdown.closeGateways = () =>
        Promise.all([gateway.stop(), ratingsGateway.stop()]).then(() => {});
    }
    const notifications = new UploadNotifications(LOCAL_BUCKETS.uploads, log);
    let dropFolder: DropFolder | undefined;
    const origins = [
      gateway.url,
      `http://localhost:${gateway.port}`,
      'http://localhost:5173',
      'http://127.0.0.1:5173',
    ];
    const samplePostlog = join(dir, 'samples', 'demo-postlog.csv');
    const [dynamo, s3, sqs, cognitoLocal, stripe, google] = await Promise.all([
      startDynamoDb({
        dir: join(dir, 'dynamodb'),
        port: saved.dynamodb,
        log,
        jvmOptions: opts.dynamoJvmOptions,
      }).then(keep),
      startS3({
        dir: join(dir, 's3'),
        port: saved.s3,
        corsOrigins: origins,
        onRecord: (r) => {
          notifications.onRecord(r);
          dropFolder?.onRecord(r);
        },
        log,
      }).then(keep),
      startSqs({ port: saved.sqs, log }).then(keep),
      startCognito({ dir: join(dir, 'cognito'), port: saved.cognito, log }).then(keep),
      startLocalStripe({
        dir: join(dir, 'stripe'),
        port: 0,
        webhookSecret: LOCAL_STRIPE_WEBHOOK_SECRET,
      }).then(keep),
      startLocalGoogle({
        dir: join(dir, 'google'),
        port: saved.google,
        redirectUris: origins.map((origin) => `${origin}/finish`),
        samplePostlog,
      }).then(keep),
    ]);
    if (writeDemoPostlogIfMissing(samplePostlog, google.demo.firstDay))
      log(`wrote the demo post-log for the Google stand-in's demo property: ${samplePostlog}`);
    cognito = cognitoLocal;
    await ensureLocalPoolMfa(cognitoLocal);
    authorizer = jwtAuthorizer(cognitoLocal);
    stops.push(() => notifications.idle());

    const { sfn, server: sfnServer } = await startLocalStateMachines({ port: saved.sfn, log });
    stops.push(sfnServer.stop, () => sfn.stop());

    const mailDir = join(dir, 'mail');
    const crmDir = join(dir, 'crm-outbox');
    const env = localEnv({
      ...resources(dynamo, s3, sqs, sfnServer.endpoint),
      cognito: cognitoLocal,
      sessionsTable: LOCAL_SESSIONS_TABLE,
      messagesTable: LOCAL_MESSAGES_TABLE,
      mailDir,
      callRecordsTable: LOCAL_CALL_RECORDS_TABLE,
      crmOutboxDir: crmDir,
      appOrigin: gateway.url,
      stripe: {
        url: stripe.url,
        secretKey: stripe.secretKey,
        publishableKey: stripe.publishableKey,
        webhookSecret: LOCAL_STRIPE_WEBHOOK_SECRET,
      },
      google: googleEnv(google, gateway.url),
    });
    const dropsDir = join(dir, 'drops');
    env[ENV.dropsLocalDir] = dropsDir;
    // The local stand-in for KMS seals Google refresh tokens with this key (made on first use).
    env[TOKEN_VAULT_ENV.keyFile] = join(dir, 'google', 'token-key');
    env[ENV.gaPullQueueUrl] = sqs.gaPullQueueUrl;
    const deliveryQueue = { url: sqs.deliveryQueueUrl, arn: sqs.deliveryQueueArn };
    Object.assign(env, localScheduleEnv(dir, deliveryQueue));
    env[ENV.orgReportingStateMachineArn] = LOCAL_ORG_REPORTING_STATE_MACHINE_ARN;
    env[ENV.generateQueueUrl] = sqs.generateQueueUrl;
    env[ENV.generateStateMachineArn] = LOCAL_GENERATE_STATE_MACHINE_ARN;
    applyEnv(env);
    writePorts(dir, {
      dynamodb: dynamo.port,
      s3: s3.port,
      sqs: sqs.port,
      sfn: sfnServer.port,
      cognito: cognitoLocal.port,
      google: google.port,
    });
    if (await ensureCompaniesTable(dynamo.endpoint, LOCAL_COMPANIES_TABLE))
      log('created the companies table');
    if (await ensureSessionsTable(dynamo.endpoint, LOCAL_SESSIONS_TABLE))
      log('created the sessions table');
    if (await ensureMessagesTable(dynamo.endpoint, LOCAL_MESSAGES_TABLE))
      log('created the messages table');
    if (await ensureCallRecordsTable(dynamo.endpoint, LOCAL_CALL_RECORDS_TABLE))
      log('created the call records table');
    const logins = await ensureLocalLogins(cognitoLocal, dir);
    await ensureLocalAccounts(LOCAL_COMPANIES_TABLE, logins);
    log(await seedReference(LOCAL_COMPANIES_TABLE, false, { stations: opts.stations !== false }));
    // Report runs in progress when the previous process stopped died with its in-memory runner.
    const orphaned = await failOrphanedRuns({
      companiesTable: LOCAL_COMPANIES_TABLE,
      sessionsTable: LOCAL_SESSIONS_TABLE,
      running: (reportId) => sfn.isRunning(LOCAL_REPORT_STATE_MACHINE_ARN, reportId),
    });
    if (orphaned.length > 0)
      log(`${orphaned.length} report run(s) stopped with the previous start: marked failed`);
    const idToken = (login: LocalLogin) => localIdToken(cognitoLocal, login);

    const sqsClient = localSqsClient(sqs.endpoint);
    const poller = startSqsPoller({
      client: sqsClient,
      queueUrl: sqs.reportQueueUrl,
      queueArn: sqs.reportQueueArn,
      handlerPath: REPORT_QUEUE_WORKER.handler,
      functionName: REPORT_QUEUE_WORKER.id,
      log,
    });
    stops.push(async () => {
      await poller.stop();
      sqsClient.destroy();
    });
    stops.push(startLocalGaPull({ client: sqsClient, sqs, log }));
    const generatePoller = startSqsPoller({
      client: sqsClient,
      queueUrl: sqs.generateQueueUrl,
      queueArn: sqs.generateQueueArn,
      handlerPath: GENERATE_QUEUE_WORKER.handler,
      functionName: GENERATE_QUEUE_WORKER.id,
      log,
    });
    stops.push(() => generatePoller.stop());
    const schedules = await startLocalSchedules({
      dir,
      store: schedulesStoreFromEnv(),
      client: sqsClient,
      queue: deliveryQueue,
      log,
    });
    stops.push(() => schedules.stop());

    const go = () => !opts.signal?.aborted;
    if (go() && opts.buildWeb !== false) await ensureWebBuilt(log, opts.webDir);
    // The served build's id, as the API stack gives it in AWS (company_queue_monitor's version).
    applyEnv({ [BUILD_ID_ENV]: readWebBuildId(opts.webDir ?? WEB_DIST) });
    gateway.open();
    ratingsGateway?.open();
    stripe.setWebhookUrl(`${gateway.url}${API_PREFIX}stripe_webhook`);
    stops.push(await startBilling(stripe, log));
    stops.push(startJobSweeper(log));
    stops.push(startRatingsRecompute(log));
    dropFolder = await startDropFolder({
      dir: dropsDir,
      s3: s3Client(),
      bucket: LOCAL_BUCKETS.uploads,
      log,
    });
    stops.push(dropFolder.stop);
    log(`post-log drops folder: ${dropsDir}`);
    if (go() && opts.seed !== false) {
      const seedContext = {
        url: gateway.url,
        dir,
        env,
        log,
        operatorToken: () => idToken(logins.operator),
      };
      // The demo rep's task list: records only, under a second.
      await seedTaskListIfMissing(LOCAL_COMPANIES_TABLE, logins.subs.demo, log);
      // The call list first: it is quick (the worker builds it from s3rver's event).
      await seedCallListIfMissing(seedContext);
      if (go()) await seedIfFirstStart(seedContext);
      if (go()) await seedPeersIfMissing(seedContext);
      // The sample ratings run in the background (a dozen reports); stopping ends them.
      if (go() && opts.seedRatings !== false) stops.push(startRatingsSeed(seedContext));
    }
    return {
      url: gateway.url,
      ratingsUrl: ratingsGateway?.url ?? `http://ratings.localhost:${gateway.port}`,
      env,
      logins: { demo: logins.demo, operator: logins.operator, agent: logins.agent },
      idToken,
      mailDir,
      crmDir,
      dropsDir,
      stripe,
      google,
      samplePostlog,
      schedules,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

function resources(dynamo: LocalDynamo, s3: LocalS3, sqs: LocalSqs, sfnEndpoint: string) {
  return {
    s3Endpoint: s3.endpoint,
    dynamodbEndpoint: dynamo.endpoint,
    sqsEndpoint: sqs.endpoint,
    sfnEndpoint,
    companiesTable: LOCAL_COMPANIES_TABLE,
    uploadsBucket: LOCAL_BUCKETS.uploads,
    lakeBucket: LOCAL_BUCKETS.lake,
    reportsBucket: LOCAL_BUCKETS.reports,
    reportQueueUrl: sqs.reportQueueUrl,
    reportStateMachineArn: LOCAL_REPORT_STATE_MACHINE_ARN,
    duckdbLakeDir: s3.bucketDir(LOCAL_BUCKETS.lake),
  };
}
