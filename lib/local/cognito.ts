import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import {
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { PreTokenGenerationTriggerEvent } from 'aws-lambda';
import { handler as productTokenGate } from '../../lambdas/accounts/handlers/pre-token-generation.handler';
import { closeServer, freePort, listen, newHttpServer } from './net';

/** A running cognito-local (local-stack.md §5), with the pool and app client the product uses. */
export interface LocalCognito {
  /** Base URL of cognito-local, e.g. `http://127.0.0.1:9339` (the SDK's endpoint). */
  endpoint: string;
  port: number;
  userPoolId: string;
  clientId: string;
  /** `iss` of the tokens it signs: `<endpoint>/<userPoolId>`. */
  issuer: string;
  /** Its JWKS (fixed keys shipped with cognito-local). */
  jwks: { keys: object[] };
  stop(): Promise<void>;
}

interface PoolIds {
  userPoolId: string;
  clientId: string;
}

/** Cognito groups the product's roles use (layers/shared/auth/caller.ts). */
export const COGNITO_GROUPS = ['staff', 'agent'] as const;

const require = createRequire(import.meta.url);

/** The pieces of cognito-local's server assembly (its createDefaultServer reads from cwd). */
function loadCognitoLocal() {
  const lib = (m: string) => require(`cognito-local/lib/${m}`);
  return {
    services: lib('services'),
    cognitoService: lib('services/cognitoService'),
    crypto: lib('services/crypto'),
    stormDb: lib('services/dataStore/stormDb'),
    console: lib('services/messageDelivery/consoleMessageSender'),
    delivery: lib('services/messageDelivery/messageDelivery'),
    errors: lib('errors'),
    lambda: lib('services/lambda'),
    otp: lib('services/otp'),
    tokens: lib('services/tokenGenerator'),
    pools: lib('services/userPoolService'),
    config: lib('server/config'),
    router: lib('server/Router'),
    server: lib('server/server'),
  };
}

/** A pino-shaped logger that drops everything (cognito-local would log request bodies). */
function silentLogger(): object {
  const noop = () => {};
  const logger: Record<string, unknown> = {
    level: 'silent',
    trace: noop,
    debug: noop,
    info: noop,
    warn: noop,
    error: noop,
    fatal: noop,
  };
  logger.child = () => logger;
  return logger;
}

/** A pre-token-generation trigger: the event back (claims to change), or a throw (no tokens). */
export type PreTokenTrigger = (
  event: PreTokenGenerationTriggerEvent,
) => Promise<PreTokenGenerationTriggerEvent>;

type CognitoLocal = ReturnType<typeof loadCognitoLocal>;

/**
 * The Lambda side of cognito-local's triggers, in process: its own LambdaService (so events and
 * errors have Cognito's shapes: a throw becomes `UserLambdaValidationException` "PreTokenGeneration
 * failed with error <message>.") over a client that calls `trigger` instead of AWS Lambda.
 * Whatever the trigger answers, the ID token's `email_verified` is set to the pool's real
 * attribute: cognito-local's token generator makes it `Boolean("false")`, i.e. true, for every
 * user, which Cognito never does.
 */
function localTriggerLambda(cl: CognitoLocal, trigger: PreTokenTrigger) {
  const client = {
    invoke: (params: { Payload: string }) => ({
      promise: async () => {
        const event = JSON.parse(params.Payload) as PreTokenGenerationTriggerEvent;
        try {
          const answer = await trigger(event);
          const details = answer.response.claimsOverrideDetails ?? {};
          const claims: Record<string, unknown> = { ...(details.claimsToAddOrOverride ?? {}) };
          claims.email_verified = event.request.userAttributes.email_verified === 'true';
          answer.response.claimsOverrideDetails = {
            ...details,
            claimsToAddOrOverride: claims as Record<string, string>,
          };
          return { StatusCode: 200, Payload: JSON.stringify(answer) };
        } catch (error) {
          const errorMessage = error instanceof Error ? error.message : String(error);
          return {
            StatusCode: 200,
            FunctionError: 'Unhandled',
            Payload: JSON.stringify({ errorMessage }),
          };
        }
      },
    }),
  };
  return new cl.lambda.LambdaService({ PreTokenGeneration: 'PreTokenGeneration' }, client);
}

interface LocalUserPool {
  getUserByUsername(ctx: object, username: string): Promise<Record<string, unknown> | null>;
  saveUser(ctx: object, user: Record<string, unknown>): Promise<void>;
}

/**
 * AdminUserGlobalSignOut, which cognito-local lacks: it forgets every refresh token it issued to
 * the user (it keeps them per user and refreshes only known ones), so they are refused from
 * then on, as Cognito revokes them. Tokens issued later are unaffected.
 */
function adminUserGlobalSignOut(
  cl: CognitoLocal,
  cognito: { getUserPool(ctx: object, id: string): Promise<LocalUserPool> },
) {
  return async (ctx: object, req: { UserPoolId: string; Username: string }) => {
    const pool = await cognito.getUserPool(ctx, req.UserPoolId);
    const user = await pool.getUserByUsername(ctx, req.Username);
    if (!user) throw new cl.errors.UserNotFoundError('User does not exist.');
    await pool.saveUser(ctx, { ...user, RefreshTokens: [] });
    return {};
  };
}

/**
 * Starts cognito-local in this process with its data under `<dir>/` (not the cwd), on `port`
 * (0 = a free one), and creates the user pool (e-mail usernames), the web app client
 * (USER_PASSWORD_AUTH, refresh) and the role groups on first start; their ids persist in
 * `<dir>/pool.json`, so accounts survive a restart. The pool runs the product's
 * pre-token-generation trigger (no tokens for an unverified e-mail, as in AWS) unless
 * `preTokenGeneration` replaces it, issues truthful `email_verified` claims, and supports
 * AdminUserGlobalSignOut.
 * @throws Error when the server cannot listen.
 */
export async function startCognito(opts: {
  dir: string;
  port?: number;
  log: (line: string) => void;
  /** The pre-token-generation trigger. @default the product's (lambdas/accounts) */
  preTokenGeneration?: PreTokenTrigger;
}): Promise<LocalCognito> {
  mkdirSync(join(opts.dir, 'db'), { recursive: true });
  // cognito-local runs on the v2 SDK, which prints a maintenance notice when loaded.
  process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE ??= '1';
  const port = await freePort(opts.port ?? 0);
  const endpoint = `http://127.0.0.1:${port}`;
  const cl = loadCognitoLocal();
  const ctx = { logger: silentLogger() };
  const config = await cl.config.loadConfig(ctx, new cl.stormDb.StormDBDataStoreFactory(opts.dir));
  config.TokenConfig = { IssuerDomain: endpoint };
  config.ServerConfig = { ...config.ServerConfig, port, hostname: '127.0.0.1' };
  const dataDir = join(opts.dir, 'db');
  const clock = new cl.services.DateClock();
  const stores = new cl.stormDb.StormDBDataStoreFactory(dataDir);
  const cognito = await new cl.cognitoService.CognitoServiceFactoryImpl(
    dataDir,
    stores,
    new cl.pools.UserPoolServiceFactoryImpl(clock, stores),
  ).create(ctx, config.UserPoolDefaults);
  const triggers = new cl.services.TriggersService(
    clock,
    cognito,
    localTriggerLambda(cl, opts.preTokenGeneration ?? productTokenGate),
    new cl.crypto.CryptoService(config.KMSConfig),
  );
  const services = {
    clock,
    cognito,
    config,
    messages: new cl.services.MessagesService(
      triggers,
      new cl.delivery.MessageDeliveryService(new cl.console.ConsoleMessageSender()),
    ),
    otp: cl.otp.otp,
    tokenGenerator: new cl.tokens.JwtTokenGenerator(clock, triggers, config.TokenConfig),
    triggers,
  };
  const router = cl.router.Router(services);
  const signOut = adminUserGlobalSignOut(cl, cognito);
  const app = cl.server.createServer(
    (target: string) => (target === 'AdminUserGlobalSignOut' ? signOut : router(target)),
    ctx.logger,
    config.ServerConfig,
    services,
  ).application;
  const server = newHttpServer(app);
  await listen(server, port);

  try {
    const ids = await ensurePool(endpoint, join(opts.dir, 'pool.json'), opts.log);
    const { jwk } = JSON.parse(
      readFileSync(require.resolve('cognito-local/lib/keys/cognitoLocal.public.json'), 'utf8'),
    ) as { jwk: object };
    return {
      endpoint,
      port,
      ...ids,
      issuer: `${endpoint}/${ids.userPoolId}`,
      jwks: { keys: [jwk] },
      stop: () => closeServer(server),
    };
  } catch (error) {
    await closeServer(server);
    throw error;
  }
}

async function ensurePool(endpoint: string, file: string, log: (l: string) => void) {
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as PoolIds;
  const client = new CognitoIdentityProviderClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    const pool = await client.send(
      new CreateUserPoolCommand({
        PoolName: 'analyticowl',
        UsernameAttributes: ['email'],
        Policies: { PasswordPolicy: { MinimumLength: 8 } },
      }),
    );
    const userPoolId = pool.UserPool?.Id ?? '';
    const app = await client.send(
      new CreateUserPoolClientCommand({
        UserPoolId: userPoolId,
        ClientName: 'web',
        ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      }),
    );
    for (const GroupName of COGNITO_GROUPS)
      await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName }));
    const ids = { userPoolId, clientId: app.UserPoolClient?.ClientId ?? '' };
    writeFileSync(file, `${JSON.stringify(ids, null, 2)}\n`);
    log(`created the local user pool ${userPoolId}`);
    return ids;
  } finally {
    client.destroy();
  }
}
